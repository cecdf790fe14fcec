// Each player's game in numbers (the end screen's table), from the public log, the final routes
// and the result.
import { describe, expect, it } from 'vitest';
import { playerStats } from '../../src/app/stats';
import type { LogEntry, PlayerResult } from '../../src/app/types';
import { readMap } from '../maps';

const map = readMap('usa');
const [a, b, c] = map.routes.filter((r, i, all) => all.findIndex((x) => x.length === r.length) === i).slice(0, 3);
const tickets = map.tickets!;
let ply = 0;
const entry = (seat: number, turn: number, e: Partial<LogEntry> & Pick<LogEntry, 'kind'>): LogEntry => ({ ply: ply++, seat, turn, at: 0, text: '', ...e });

const log: LogEntry[] = [
  entry(0, 0, { kind: 'keep', kept: 2 }), // the opening choice: not a turn
  entry(1, 0, { kind: 'keep', kept: 3 }),
  entry(0, 0, { kind: 'draw', target: 'deck' }),
  entry(0, 0, { kind: 'draw', target: 'red' }),
  entry(1, 1, { kind: 'claim', target: a.id, cards: { red: a.length } }),
  entry(0, 2, { kind: 'tickets', events: [{ event: 'tickets-drawn', seat: 0, count: 3 }] }),
  entry(0, 2, { kind: 'keep', kept: 1 }),
  entry(1, 3, { kind: 'claim', target: b.id, cards: { blue: b.length } }),
  entry(0, 4, { kind: 'claim', target: c.id, cards: { green: c.length } }),
  entry(1, 5, { kind: 'draw', target: 'locomotive' }),
];
const routes = { [a.id]: 1, [b.id]: 1, [c.id]: 0 };
const result = (seat: number, done: number[], failed: number[], ticketPoints: number, longest?: number): PlayerResult => ({
  seat,
  rank: seat + 1,
  total: 0,
  ticket_points: ticketPoints,
  tickets_completed: done,
  tickets_failed: failed,
  trains_left: 0,
  ...(longest === undefined ? {} : { longest_path: longest }),
});

describe('playerStats', () => {
  const [t0, t1, t2] = tickets;
  const stats = playerStats(log, routes, map, [result(0, [t0.id], [t1.id], t0.points - t1.points), result(1, [], [t2.id], -t2.points, 99)]);

  it('counts turns (not the opening choice), cards by face-up and blind, ticket draws and tickets kept', () => {
    expect(stats[0]).toMatchObject({ seat: 0, turns: 3, faceUp: 1, blind: 1, ticketDraws: 1, ticketsKept: 3 });
    expect(stats[1]).toMatchObject({ seat: 1, turns: 3, faceUp: 1, blind: 0, ticketDraws: 0, ticketsKept: 3 });
  });

  it('counts the routes held at the end by length, and the longest route', () => {
    expect(stats[0]).toMatchObject({ routes: 1, spaces: c.length, byLength: [[c.length, 1]], longest: c.length });
    const two = [a.length, b.length].sort((x, y) => y - x);
    expect(stats[1]).toMatchObject({ routes: 2, spaces: a.length + b.length, byLength: two.map((n) => [n, 1]) });
    expect(stats[1].longest).toBe(99); // the result's, when it has one
  });

  it('gives tickets completed and failed with their points, adding up to the result', () => {
    expect(stats[0]).toMatchObject({ completed: 1, failed: 1, completedPoints: t0.points, failedPoints: t1.points });
    expect(stats[1]).toMatchObject({ completed: 0, failed: 1, completedPoints: 0, failedPoints: t2.points });
  });
});
