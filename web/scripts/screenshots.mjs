// Screenshots of every board in headless Chromium, desktop and phone, for a person to look at.
//   node scripts/screenshots.mjs [--out DIR] [--maps europe,usa] [--no-build]
// Builds the client (vite build), serves it with vite preview on 127.0.0.1, and drives
// Debian's Chromium (CHROMIUM, default /usr/bin/chromium) with playwright-core.
// Exits non-zero when a page logs an error or a board does not render.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const out = resolve(root, opt('--out', 'screenshots'));
const MAPS = opt('--maps', 'europe,usa,nordic,world,great-lakes,great-lakes-fixture,legends-west').split(',');
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

mkdirSync(out, { recursive: true });
if (!args.includes('--no-build')) await build({ root, logLevel: 'warn' });
const server = await preview({ root, logLevel: 'warn', preview: { host: '127.0.0.1', port: 4319, strictPort: false } });
const base = server.resolvedUrls.local[0];

const problems = [];
const shots = [];
try {
  for (const [vpName, vp] of Object.entries(VIEWPORTS)) {
    const profile = mkdtempSync(join(tmpdir(), 'ttr-shots-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      // the fresh profile directory is Chromium's --user-data-dir
      args: CHROME_ARGS,
      ...vp,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      page.on('pageerror', (e) => problems.push(`${vpName} ${page.url()}: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${vpName} ${page.url()}: console: ${m.text()}`);
      });
      for (const map of MAPS) {
        const variants = [
          ['plain', ''],
          ['demo', '&demo=1&cb=1'],
        ];
        for (const [variant, query] of variants) {
          await page.goto(`${base}board.html?map=${map}${query}`);
          await page.waitForSelector('svg.ttr-board[data-ready], .ttr-board-message', { timeout: 15000 });
          await page.waitForTimeout(300);
          const file = join(out, `${map}-${vpName}-${variant}.png`);
          await page.screenshot({ path: file });
          shots.push(file);
          const drawn = await page.$('svg.ttr-board[data-ready]');
          if (!drawn && map !== 'great-lakes') problems.push(`${map}: not drawn`);
        }
        // zoomed in twice around the centre with the + button
        if (await page.$('.ttr-zoom-in')) {
          await page.click('.ttr-zoom-in');
          await page.click('.ttr-zoom-in');
          await page.waitForTimeout(200);
          const file = join(out, `${map}-${vpName}-zoom.png`);
          await page.screenshot({ path: file });
          shots.push(file);
        }
      }
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
} finally {
  await new Promise((r) => server.httpServer.close(r));
}
console.log(shots.join('\n'));
console.log(`${shots.length} screenshots in ${out}`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
