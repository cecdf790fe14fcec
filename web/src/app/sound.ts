// Sounds, made on the spot with the Web Audio API (no files): a chime when your turn comes, a
// click when someone claims a route (or builds), a short fanfare at the end. Off in the settings.
import { getPrefs } from './store';
import type { Envelope, LogEntry } from './types';

export type Cue = 'turn' | 'claim' | 'end';

/** [frequency Hz, start s, length s, wave] per note */
const NOTES: Record<Cue, Array<[number, number, number, OscillatorType]>> = {
  turn: [[659, 0, 0.14, 'sine'], [880, 0.13, 0.22, 'sine']],
  claim: [[196, 0, 0.05, 'square'], [147, 0.06, 0.07, 'square']],
  end: [[523, 0, 0.16, 'triangle'], [659, 0.16, 0.16, 'triangle'], [784, 0.32, 0.16, 'triangle'], [1047, 0.48, 0.4, 'triangle']],
};

const BUILDS = new Set(['claim', 'station', 'harbor']);

/** What to play for entries just arrived in a seat's (or a spectator's) envelope. */
export function cuesFor(entries: LogEntry[], env: Envelope): Cue[] {
  if (!entries.length) return [];
  if (env.status === 'over') return ['end'];
  const out: Cue[] = [];
  if (entries.some((e) => BUILDS.has(e.kind) && e.seat !== env.seat)) out.push('claim');
  const last = entries[entries.length - 1];
  if (env.seat !== null && env.view.current_player === env.seat && last.seat !== env.seat) out.push('turn');
  return out;
}

let ctx: AudioContext | null = null;

export function play(cue: Cue): void {
  if (getPrefs().sound === false) return;
  const AC = globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AC) return;
  try {
    ctx ??= new AC();
    if (ctx.state === 'suspended') void ctx.resume(); // browsers start it silent until the page is used
    const now = ctx.currentTime;
    for (const [f, at, len, wave] of NOTES[cue]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.12, now + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + at);
      osc.stop(now + at + len + 0.02);
    }
  } catch {
    // no sound is no loss
  }
}
