// @vitest-environment happy-dom
// The end-of-game reveal's steps, from results of real bot games on every board
// (fixtures/results.json, made by web/scripts/results-fixture.py) and from a hand-made one.
import { beforeEach, describe, expect, it } from 'vitest';
import { markRevealSeen, motionOff, revealSeen, revealSteps, revealTiming, ticketValue } from '../../src/app/reveal';
import type { PlayerResult, Result } from '../../src/app/types';
import games from '../fixtures/results.json';
import { readMap } from '../maps';

const real = games as unknown as { map: string; seed: number; result: Result }[];

describe('revealSteps on real results', () => {
  for (const g of real) {
    describe(`${g.map} seed ${g.seed}`, () => {
      const map = readMap(g.map);
      const legacy = g.map === 'legends-west';
      const r = g.result;
      const steps = revealSteps(r, map, legacy);
      const players = r.players;

      it('starts from the score track, then the tickets seat by seat, then the rest, then the final ranking', () => {
        expect(steps[0].kind).toBe('track');
        expect(steps[0].totals).toEqual(players.map((p) => (legacy ? p.money_held : (p.route_points ?? 0) + (p.exchange_points ?? 0))));
        const kinds = steps.map((s) => s.kind);
        expect(kinds[kinds.length - 1]).toBe('final');
        // every ticket once, in seat order, completed before failed
        const tickets = steps.filter((s) => s.kind === 'ticket');
        expect(tickets.map((s) => [s.seat, s.ticket])).toEqual(
          players.flatMap((p) => [...p.tickets_completed, ...p.tickets_failed].map((id) => [p.seat, id])),
        );
        expect(tickets.map((s) => s.seat)).toEqual([...tickets.map((s) => s.seat)].sort((a, b) => a! - b!));
        const lastTicket = kinds.lastIndexOf('ticket');
        expect(kinds.slice(0, lastTicket + 1).every((k) => k === 'track' || k === 'ticket')).toBe(true);
        expect(kinds.slice(lastTicket + 1, -1).every((k) => ['bonus', 'stations', 'harbors', 'trains', 'floor'].includes(k))).toBe(true);
        // the board knows every ticket: no correction needed
        expect(kinds).not.toContain('other');
      });

      it('a completed ticket adds its points, a failed one subtracts them, as the result counts them', () => {
        for (const s of steps.filter((x) => x.kind === 'ticket')) {
          const d = s.deltas[s.seat!];
          expect(s.ok ? d > 0 : d < 0).toBe(true);
          expect(d).toBe(ticketValue(map, players[s.seat!], s.ticket!, s.ok!));
        }
        for (const p of players) {
          const mine = steps.filter((x) => x.kind === 'ticket' && x.seat === p.seat);
          expect(mine.reduce((a, s) => a + s.deltas[p.seat], 0)).toBe(p.ticket_points);
        }
      });

      it('running totals follow the deltas and end at the final totals, in the final ranking', () => {
        for (let i = 1; i < steps.length; i++) {
          const prev = steps[i - 1].totals;
          expect(steps[i].totals).toEqual(prev.map((v, s) => v + (steps[i].deltas[s] ?? 0)));
        }
        const last = steps[steps.length - 1];
        expect(last.totals).toEqual(players.map((p) => p.total));
        expect(last.ranking).toEqual(r.ranking);
        expect(last.ranks).toEqual(players.map((p) => p.rank));
        // every step's ranking orders its totals
        for (const s of steps) {
          expect([...s.ranking].sort((a, b) => a - b)).toEqual(players.map((p) => p.seat));
          for (let i = 1; i < s.ranking.length; i++) expect(s.totals[s.ranking[i - 1]]).toBeGreaterThanOrEqual(s.totals[s.ranking[i]]);
        }
      });

      it('fits the time: about a second a step, at most about 12 s in all', () => {
        const { step, hold } = revealTiming(steps.length);
        expect(step).toBeLessThanOrEqual(1000);
        expect(step * (steps.length - 1) + hold).toBeLessThanOrEqual(Math.max(12000, 220 * (steps.length - 1) + hold));
      });
    });
  }

  it('covers what the editions add: bonuses, stations, harbors, failed tours, Legacy floors', () => {
    const kinds = new Set(real.flatMap((g) => revealSteps(g.result, readMap(g.map), g.map === 'legends-west').map((s) => s.bonus ?? s.kind)));
    for (const k of ['longest_path', 'european_express', 'globetrotter', 'stations', 'harbors', 'trains', 'floor']) expect(kinds).toContain(k);
    expect(real.some((g) => Object.values(g.result.players.flatMap((p) => Object.values(p.tours ?? {}))).includes('failed'))).toBe(true);
  });
});

describe('revealSteps on a hand-made result', () => {
  const map = readMap('usa');
  const [t0, t1, t2] = map.tickets!;
  const player = (seat: number, p: Partial<PlayerResult>): PlayerResult => ({
    seat,
    rank: 1,
    total: 0,
    ticket_points: 0,
    tickets_completed: [],
    tickets_failed: [],
    trains_left: 0,
    ...p,
  });
  // seat 0 leads on the track, loses a ticket and falls behind; seat 1 gets the longest path
  const r: Result = {
    over: true,
    players: [
      player(0, { route_points: 40, tickets_completed: [t0.id], tickets_failed: [t1.id], ticket_points: t0.points - t1.points, total: 40 + t0.points - t1.points, rank: 2 }),
      player(1, { route_points: 30, tickets_completed: [t2.id], ticket_points: t2.points, bonuses: { longest_path: 10 }, total: 40 + t2.points, rank: 1 }),
    ],
    ranking: [1, 0],
    winners: [1],
  };
  const steps = revealSteps(r, map);

  it('goes track, tickets of seat 0, of seat 1, the bonus, the final ranking', () => {
    expect(steps.map((s) => [s.kind, s.seat, s.deltas])).toEqual([
      ['track', null, { 0: 40, 1: 30 }],
      ['ticket', 0, { 0: t0.points }],
      ['ticket', 0, { 0: -t1.points }],
      ['ticket', 1, { 1: t2.points }],
      ['bonus', null, { 1: 10 }],
      ['final', null, {}],
    ]);
    expect(steps[0].ranking).toEqual([0, 1]);
    expect(steps[steps.length - 1].ranking).toEqual([1, 0]);
    expect(steps[steps.length - 1].totals).toEqual([40 + t0.points - t1.points, 40 + t2.points]);
  });

  it('a ticket the board does not know comes as one correction, so the totals still end right', () => {
    const odd: Result = { ...r, players: [{ ...r.players[0], tickets_completed: [99999], tickets_failed: [], ticket_points: 7, total: 47 }, r.players[1]] };
    const s = revealSteps(odd, map);
    expect(s.find((x) => x.kind === 'other')?.deltas).toEqual({ 0: 7 });
    expect(s[s.length - 1].totals[0]).toBe(47);
  });

  it('ties share a rank', () => {
    const tie: Result = { ...r, players: r.players.map((p) => ({ ...p, route_points: 10 })) };
    expect(revealSteps(tie, map)[0].ranks).toEqual([1, 1]);
  });
});

describe('revealTiming', () => {
  it('a second a step when few, faster when many, never slower than 12 s for 5 players', () => {
    expect(revealTiming(6).step).toBe(1000);
    const many = revealTiming(40);
    expect(many.step).toBeLessThan(1000);
    expect(many.step * 39 + many.hold).toBeLessThanOrEqual(12000);
  });
});

describe('once per game per browser, and never without motion', () => {
  beforeEach(() => localStorage.clear());
  it('remembers the games whose reveal was seen', () => {
    expect(revealSeen('g1')).toBe(false);
    markRevealSeen('g1');
    expect(revealSeen('g1')).toBe(true);
    expect(revealSeen('g2')).toBe(false);
  });
  it('animations off: no motion', () => {
    expect(motionOff(false)).toBe(true);
  });
});
