// The end-of-game reveal, as a sequence of steps built from the result alone: every player's score
// as it stood on the track, then each player's tickets one by one (completed: +points, failed:
// −points), then the bonuses, the stations and harbors (Legacy: the trains-left bonus and the
// $0 floor of a bank slip), then the final ranking. Each step holds every seat's running score
// and the ranking it makes, so the end screen only has to draw it. Pure: no DOM, no time.
import type { MapData } from '../board/index';
import type { PlayerResult, Result } from './types';

export type StepKind = 'track' | 'ticket' | 'bonus' | 'stations' | 'harbors' | 'trains' | 'floor' | 'other' | 'final';

export interface RevealStep {
  kind: StepKind;
  /** the seat whose tickets these are (ticket steps; also an 'other' correction of one seat) */
  seat: number | null;
  /** points each seat gains (negative: loses) at this step; seats left out gain nothing */
  deltas: Record<number, number>;
  /** ticket steps: the ticket, and whether it was completed */
  ticket?: number;
  ok?: boolean;
  /** bonus steps: the bonus's name (longest_path, european_express, globetrotter...) */
  bonus?: string;
  /** every seat's score after the step, by seat */
  totals: number[];
  /** seats, best first, by the scores after the step (ties: in the result's final order) */
  ranking: number[];
  /** each seat's rank after the step (1 = first; tied seats share a rank), by seat */
  ranks: number[];
}

/** What a ticket of a player's counts, as the engine scored it (a tour: in or out of order). */
export function ticketValue(map: MapData | null, p: PlayerResult, id: number, ok: boolean): number | null {
  const tk = map?.tickets?.find((x) => x.id === id);
  if (!tk) return null;
  if (ok) return p.tours?.[String(id)] === 'any_order' ? (tk.points_any_order ?? tk.points) : tk.points;
  return -(tk.tour ? (tk.penalty ?? tk.points) : tk.points);
}

export function revealSteps(result: Result, map: MapData | null, legacy = false): RevealStep[] {
  const players = [...result.players].sort((a, b) => a.seat - b.seat);
  const n = players.length;
  if (!n) return [];
  const finalPos = new Map(result.ranking.map((s, i) => [s, i]));
  const totals = new Array<number>(n).fill(0);
  const steps: RevealStep[] = [];
  const push = (kind: StepKind, deltas: Record<number, number>, extra: Partial<RevealStep> = {}) => {
    for (const [s, d] of Object.entries(deltas)) totals[Number(s)] += d;
    const ranking = [...totals.keys()].sort((a, b) => totals[b] - totals[a] || (finalPos.get(a) ?? a) - (finalPos.get(b) ?? b));
    const ranks = totals.map((v) => 1 + totals.filter((o) => o > v).length);
    steps.push({ kind, seat: null, deltas, totals: [...totals], ranking, ranks, ...extra });
  };
  /** one step for every seat at once, leaving out the seats that gain nothing (none: no step) */
  const together = (kind: StepKind, pts: (p: PlayerResult) => number, extra: Partial<RevealStep> = {}) => {
    const deltas: Record<number, number> = {};
    for (const p of players) if (pts(p)) deltas[p.seat] = pts(p);
    if (Object.keys(deltas).length) push(kind, deltas, extra);
  };

  // the score track: routes (Rails & Sails: less the exchanged pieces, as the track showed it); Legacy: money
  const start: Record<number, number> = {};
  for (const p of players) start[p.seat] = legacy ? (p.money_held ?? 0) : (p.route_points ?? 0) + (p.exchange_points ?? 0);
  push('track', start);

  // each player's tickets, completed first, then failed
  for (const p of players) {
    let sum = 0;
    const one = (id: number, ok: boolean) => {
      const v = ticketValue(map, p, id, ok);
      if (v === null) return;
      sum += v;
      push('ticket', { [p.seat]: v }, { seat: p.seat, ticket: id, ok });
    };
    for (const id of p.tickets_completed ?? []) one(id, true);
    for (const id of p.tickets_failed ?? []) one(id, false);
    // tickets the board does not know, or scored otherwise: the rest in one step
    if (sum !== (p.ticket_points ?? 0)) push('other', { [p.seat]: (p.ticket_points ?? 0) - sum }, { seat: p.seat });
  }

  if (legacy) {
    together('trains', (p) => p.remaining_trains_bonus ?? 0);
    // L5: a bank slip never shows less than $0
    together('floor', (p) => (p.raw_total !== undefined && p.total > p.raw_total ? p.total - p.raw_total : 0));
  } else {
    const bonuses = [...new Set(players.flatMap((p) => Object.keys(p.bonuses ?? {})))];
    for (const b of bonuses) together('bonus', (p) => p.bonuses?.[b] ?? 0, { bonus: b });
    together('stations', (p) => p.station_points ?? 0);
    together('harbors', (p) => p.harbor_points ?? 0);
  }
  // whatever the result adds up otherwise (nothing, for the engine's results)
  for (const p of players) if (totals[p.seat] !== p.total) push('other', { [p.seat]: p.total - totals[p.seat] }, { seat: p.seat });

  push('final', {});
  const last = steps[steps.length - 1];
  last.ranking = [...result.ranking];
  last.ranks = totals.map((_, s) => result.players.find((p) => p.seat === s)?.rank ?? last.ranks[s]);
  return steps;
}

/** How long each step shows, and the final ranking before the table: about a second a step,
 *  faster when there are many, so the whole reveal lasts at most about `budget` ms. */
export function revealTiming(steps: number, budget = 12000): { step: number; hold: number } {
  const hold = 1600;
  const moving = Math.max(1, steps - 1);
  const step = Math.floor(Math.min(1000, Math.max(220, (budget - hold) / moving)));
  return { step, hold };
}

// ---------------------------------------------------------------- once per game per browser

const SEEN = 'ttr.revealSeen';

function seenList(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(SEEN) ?? '[]');
    return Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether this browser has shown (or skipped) the reveal of game `id`. */
export function revealSeen(id: string): boolean {
  return seenList().includes(id);
}

export function markRevealSeen(id: string): void {
  try {
    const list = seenList().filter((x) => x !== id);
    list.push(id);
    localStorage.setItem(SEEN, JSON.stringify(list.slice(-200)));
  } catch {
    // no storage: the reveal may play again
  }
}

/** The player asked for no motion: the animations setting off, or the system's reduced motion. */
export function motionOff(animations: boolean): boolean {
  if (!animations) return true;
  try {
    return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}
