// Sounds: which cue an update plays, and that the settings can silence them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cuesFor, play } from '../../src/app/sound';
import { setPrefs } from '../../src/app/store';
import type { Envelope, LogEntry } from '../../src/app/types';

const env = (seat: number | null, current: number, status: 'playing' | 'over' = 'playing') =>
  ({ seat, status, view: { current_player: current } }) as unknown as Envelope;
let ply = 0;
const entry = (seat: number, kind: LogEntry['kind']): LogEntry => ({ ply: ply++, seat, turn: ply, at: 0, text: '', kind });

describe('cuesFor', () => {
  it('chimes when my turn comes after another seat moved, not after my own move', () => {
    expect(cuesFor([entry(1, 'draw'), entry(1, 'draw')], env(0, 0))).toEqual(['turn']);
    expect(cuesFor([entry(0, 'draw')], env(0, 0))).toEqual([]); // my first card: still my turn
    expect(cuesFor([entry(0, 'draw'), entry(0, 'draw')], env(0, 1))).toEqual([]);
  });

  it("clicks for another seat's claim or building, not for mine; a spectator hears every claim", () => {
    expect(cuesFor([entry(1, 'claim')], env(0, 2))).toEqual(['claim']);
    expect(cuesFor([entry(1, 'station')], env(0, 1))).toEqual(['claim']);
    expect(cuesFor([entry(0, 'claim')], env(0, 1))).toEqual([]);
    expect(cuesFor([entry(0, 'claim')], env(null, 1))).toEqual(['claim']);
    expect(cuesFor([entry(2, 'claim')], env(0, 0))).toEqual(['claim', 'turn']);
  });

  it('plays the fanfare alone at the end, and nothing for nothing new', () => {
    expect(cuesFor([entry(1, 'claim')], env(0, 0, 'over'))).toEqual(['end']);
    expect(cuesFor([], env(0, 0))).toEqual([]);
  });
});

describe('play', () => {
  const started: number[] = [];
  class FakeContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = vi.fn();
    createGain() {
      return { gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() }, connect: (x: unknown) => x };
    }
    createOscillator() {
      return { type: '', frequency: { value: 0 }, connect: (g: unknown) => g, start: (at: number) => started.push(at), stop: vi.fn() };
    }
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    setPrefs({ sound: true });
    started.length = 0;
  });

  it('makes its notes with Web Audio, and none when sounds are off', () => {
    vi.stubGlobal('AudioContext', FakeContext);
    play('end');
    expect(started.length).toBe(4);
    setPrefs({ sound: false });
    play('turn');
    expect(started.length).toBe(4);
  });

  it('stays quiet where the browser has no Web Audio', () => {
    vi.stubGlobal('AudioContext', undefined);
    expect(() => play('turn')).not.toThrow();
  });
});
