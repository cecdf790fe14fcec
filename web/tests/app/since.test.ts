// @vitest-environment happy-dom
// What happened since a seat's last turn: the entries after its last one (the hot-seat curtain's
// list) and the claims among them that stand (marked on the board).
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { claimsIn, movesSince, routeName, tokensIn } from '../../src/app/game';
import { cardName, setLang } from '../../src/app/i18n';
import type { LogContext } from '../../src/app/logtext';
import type { LogEntry, PublicSeat } from '../../src/app/types';
import { CurtainMoves, entryPlace, Log } from '../../src/app/ui/Panels';
import { readMap } from '../maps';

const map = readMap('europe');
const seats: PublicSeat[] = ['Ada', 'Ben', 'Cy'].map((name, seat) => ({ seat, kind: 'human', bot: null, name, has_token: true }));
const ctx: LogContext = { map, seats };
const [r1, r2] = map.routes.filter((r) => !r.tunnel);
let ply = 0;
const entry = (seat: number, turn: number, e: Partial<LogEntry> & Pick<LogEntry, 'kind'>): LogEntry => ({ ply: ply++, seat, turn, at: 0, text: '', ...e });

// three seats: Ada's turn, then Ben claims, Cy takes two cards, Ada draws tickets, Ben claims a
// tunnel and gives it up, Cy draws tickets and keeps two
const log: LogEntry[] = [
  entry(0, 0, { kind: 'keep', kept: 2 }),
  entry(1, 0, { kind: 'keep', kept: 3 }),
  entry(2, 0, { kind: 'keep', kept: 2 }),
  entry(0, 1, { kind: 'draw', target: 'deck' }),
  entry(0, 1, { kind: 'draw', target: 'red' }),
  entry(1, 2, { kind: 'claim', target: r1.id, cards: { [r1.color === 'gray' ? 'blue' : r1.color]: r1.length } }),
  entry(2, 3, { kind: 'draw', target: 'locomotive' }),
  entry(2, 3, { kind: 'draw', target: 'deck' }),
  entry(0, 4, { kind: 'tickets', events: [{ event: 'tickets-drawn', seat: 0, count: 3 }] }),
  entry(0, 4, { kind: 'keep', kept: 1 }),
  entry(1, 5, { kind: 'claim', target: r2.id, cards: { locomotive: r2.length } }),
  entry(1, 5, { kind: 'decline' }),
  entry(2, 6, { kind: 'tickets', events: [{ event: 'tickets-drawn', seat: 2, count: 3 }] }),
  entry(2, 6, { kind: 'keep', kept: 2 }),
];

describe('movesSince', () => {
  it("is every entry after the seat's last one, in order", () => {
    expect(movesSince(log, 0).map((e) => e.ply)).toEqual([10, 11, 12, 13]);
    expect(movesSince(log, 1).map((e) => e.ply)).toEqual([12, 13]);
    expect(movesSince(log, 2)).toEqual([]);
    // a seat that has not moved yet: everything so far
    expect(movesSince(log.slice(0, 1), 1).map((e) => e.ply)).toEqual([0]);
    // three turns back: Ada's last move was the ticket keep
    expect(movesSince(log.slice(0, 8), 0).map((e) => e.ply)).toEqual([5, 6, 7]);
  });

  it('keeps only the claims that stand (a tunnel given up is not claimed)', () => {
    const routes = { [String(r1.id)]: 1 };
    expect(claimsIn(log, routes)).toEqual([r1.id]);
    expect(claimsIn(movesSince(log, 0), routes)).toEqual([]);
    expect(claimsIn(movesSince(log.slice(0, 8), 0), routes)).toEqual([r1.id]);
    // owned by someone else than the entry's seat: not this entry's claim
    expect(claimsIn(log, { [String(r1.id)]: 2 })).toEqual([]);
  });

  it('keeps the stations and harbors built that stand, each city once', () => {
    const built = [
      entry(1, 7, { kind: 'station', target: 'Berlin' }),
      entry(2, 8, { kind: 'harbor', target: 'Lisboa' }),
      entry(0, 9, { kind: 'draw', target: 'deck' }),
      entry(2, 10, { kind: 'station', target: 'Wien' }),
    ];
    const stations = { Berlin: 1, Wien: 2 };
    expect(tokensIn(built, stations, { Lisboa: 2 })).toEqual(['Berlin', 'Lisboa', 'Wien']);
    // the harbor held by another seat, a station not (or no longer) on the board: not these entries'
    expect(tokensIn(built, { Berlin: 1 }, { Lisboa: 0 })).toEqual(['Berlin']);
    // a station's entry does not count a harbor in that city, nor the other way round
    expect(tokensIn(built.slice(0, 1), {}, { Berlin: 1 })).toEqual([]);
  });
});

describe('CurtainMoves', () => {
  const shown = (upTo: number, seat: number) => {
    const host = document.createElement('div');
    render(h(CurtainMoves, { log: log.slice(0, upTo), seat, ctx }), host);
    return [...host.querySelectorAll('li')].map((li) => ({ seat: Number(li.dataset.seat), text: li.textContent ?? '' }));
  };

  it('lists each move of the others since the seat last moved, with routes and lengths, in words', () => {
    setLang('en');
    const items = shown(8, 0); // before Ada's second turn: Ben's claim, Cy's two cards
    expect(items.map((x) => x.seat)).toEqual([1, 2, 2]);
    expect(items[0].text).toContain(`Ben claims ${routeName(map, r1.id)} (${r1.length} long) with`);
    expect(items[1].text).toBe(`Cy takes a face-up ${cardName('locomotive')}`);
    expect(items[2].text).toBe('Cy draws a card from the deck');
    const later = shown(log.length, 1); // Ben, after Cy's tickets
    expect(later.map((x) => x.text)).toEqual(['Cy draws tickets; 3 tickets offered', 'Cy keeps 2 tickets']);
  });

  it('says nothing when no one moved since, and names the first turn', () => {
    setLang('en');
    expect(shown(log.length, 2)).toEqual([]);
    const host = document.createElement('div');
    render(h(CurtainMoves, { log: log.slice(0, 1), seat: 1, ctx }), host);
    expect(host.textContent).toContain('Before your first move');
    render(h(CurtainMoves, { log: log.slice(0, 8), seat: 0, ctx }), host);
    expect(host.textContent).toContain('Since your last turn');
  });
});

describe('the log points at the board', () => {
  it('names the route of a claim and the city of a station; nothing for a draw', () => {
    expect(entryPlace(log[5])).toEqual({ routes: [r1.id], cities: [] });
    expect(entryPlace(entry(0, 9, { kind: 'station', target: 'Paris', cards: { red: 1 } }))).toEqual({ routes: [], cities: ['Paris'] });
    expect(entryPlace(log[3])).toBeNull();
  });

  it('calls back when a line naming a route is pointed at, left, or tapped', () => {
    setLang('en');
    const seen: unknown[] = [];
    const host = document.createElement('div');
    render(h(Log, { log, ctx, onHover: (x: unknown) => seen.push(['hover', x]), onPick: (x: unknown) => seen.push(['pick', x]) }), host);
    const lines = [...host.querySelectorAll('li.places')] as HTMLElement[];
    expect(lines.map((li) => Number(li.dataset.route))).toEqual([r1.id, r2.id]);
    lines[0].dispatchEvent(new MouseEvent('mouseenter'));
    lines[0].dispatchEvent(new MouseEvent('mouseleave'));
    lines[1].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(seen).toEqual([
      ['hover', { routes: [r1.id], cities: [] }],
      ['hover', null],
      ['pick', { routes: [r2.id], cities: [] }],
    ]);
  });
});
