// The shipped Chinese font (fonts.css), loaded before the app draws anything: Chromium (156) lays
// out text whose face is still loading with boxes and leaves them there once it has come (until
// something else makes it lay the text out again), and the first screen always has Chinese: the
// language button's 中文, or everything.

export const CHINESE_FAMILY = 'TTR Sans SC';

/** Resolves once both weights are loaded, or failed, or after `timeoutMs`. */
export function loadChineseFont(timeoutMs = 2000): Promise<void> {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts?.load) return Promise.resolve();
  const both = Promise.all(['400', '700'].map((w) => fonts.load(`${w} 16px "${CHINESE_FAMILY}"`, '中文'))).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([both, new Promise<void>((done) => setTimeout(done, timeoutMs))]);
}
