// The log in words from the entries' data (target, cards, kept, events), never from the action's
// text: real entries of every board (fixtures from scripts/make_log_fixtures.py) said with their
// `action` removed, hand-written ones with a misleading `action`, and the last move's highlight.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entryCity, entryDraw, entryExchange, entryRoute, lastMoveCities, lastMoveRoutes, routeName } from '../../src/app/game';
import { cardName, cardsWords, setLang } from '../../src/app/i18n';
import { entryWords, type LogContext } from '../../src/app/logtext';
import type { LogEntry, PublicSeat } from '../../src/app/types';
import { readMap } from '../maps';

interface Game {
  map: string;
  players: number;
  entries: LogEntry[];
}
const games: Game[] = JSON.parse(readFileSync(new URL('../fixtures/log.json', import.meta.url), 'utf8'));
const seats = (n: number): PublicSeat[] =>
  Array.from({ length: n }, (_, seat) => ({ seat, kind: 'human', bot: null, name: `P${seat}`, has_token: true }));

describe('log words from real entries', () => {
  it('covers every kind and shape of target the boards write', () => {
    const all = games.flatMap((g) => g.entries);
    const kinds = new Set(all.map((e) => e.kind));
    for (const k of ['draw', 'claim', 'tickets', 'keep', 'station', 'harbor', 'pay', 'decline', 'stop', 'pieces', 'exchange']) expect(kinds).toContain(k);
    expect(all.some((e) => e.kind === 'draw' && typeof e.target === 'object')).toBe(true); // Rails & Sails piles
    expect(all.some((e) => e.kind === 'exchange' && (e.target as number) < 0)).toBe(true);
    expect(all.some((e) => e.kind === 'exchange' && (e.target as number) > 0)).toBe(true);
    const events = new Set(all.flatMap((e) => (e.events ?? []).map((ev) => ev.event)));
    for (const ev of ['tunnel', 'tickets-drawn', 'last-round', 'game-over', 'pieces-revealed', 'newspaper', 'money']) expect(events).toContain(ev);
  });

  for (const g of games) {
    it(`says every entry of ${g.map} from its data alone`, () => {
      setLang('en');
      const map = readMap(g.map);
      const ctx: LogContext = { map, seats: seats(g.players) };
      for (const full of g.entries) {
        const { action: _, ...e } = full; // the text is gone: the words must not need it
        const words = entryWords(e as LogEntry, ctx);
        expect(words, JSON.stringify(full)).toBe(entryWords(full, ctx));
        expect(words).not.toContain(`: ${e.kind}`); // not the fallback for an unknown kind
        expect(words).not.toContain('undefined');
        expect(words).not.toContain('NaN');
        expect(words).not.toContain('{');
        expect(words.startsWith(`P${e.seat} `)).toBe(true);
        const r = entryRoute(e as LogEntry);
        if (e.kind === 'claim') expect(words).toContain(routeName(map, r!));
        if (e.kind === 'claim' || e.kind === 'station' || e.kind === 'harbor' || e.kind === 'pay') expect(words).toContain(cardsWords(e.cards!));
        if (e.kind === 'station' || e.kind === 'harbor') expect(words).toContain(entryCity(e as LogEntry)!);
        if (e.kind === 'keep') expect(words).toContain(`keeps ${e.kept} ticket`);
        if (e.kind === 'draw') {
          const d = entryDraw(e as LogEntry)!;
          expect(words).toContain(d.card === 'deck' ? 'draws' : cardName(d.card));
        }
        if (e.kind === 'exchange') expect(words).toContain(`exchanges ${entryExchange(e as LogEntry)!.n} `);
        for (const ev of e.events ?? []) {
          if (ev.event === 'tunnel') for (const c of ev.revealed ?? []) expect(words).toContain(cardName(c));
          if (ev.event === 'tickets-drawn') expect(words).toContain(`${ev.count} ticket`);
          if (ev.event === 'money') expect(words).toContain(`$${Math.abs(ev.dollars!)}`);
          if (ev.event === 'newspaper') expect(words).toContain(ev.name!);
        }
      }
    });
  }
});

const entry = (e: Partial<LogEntry> & Pick<LogEntry, 'kind'>): LogEntry => ({ ply: 0, seat: 0, turn: 0, at: 0, text: '', ...e });

describe('log words from hand-written entries', () => {
  const map = readMap('europe');
  const ctx: LogContext = { map, seats: seats(2) };
  const paris = map.routes.find((r) => r.cities.includes('Paris'))!;

  it('reads the target and the cards, not the action text', () => {
    setLang('en');
    // the server's JSON sorts keys by name: the words say the cards in card order
    const claim = entry({ kind: 'claim', action: 'claim 999 9blue', target: paris.id, cards: { locomotive: 1, red: 3 } });
    expect(entryWords(claim, ctx)).toBe(`P0 claims ${routeName(map, paris.id)} with 3 red + 1 locomotive`);
    expect(entryWords(entry({ kind: 'station', action: 'station Nowhere 1red', target: 'Frankfurt', cards: { blue: 2 } }), ctx)).toBe(
      'P0 builds a station in Frankfurt with 2 blue',
    );
    expect(entryWords(entry({ kind: 'harbor', target: 'Buenos Aires', cards: { 'red-ship': 2, joker: 2 } }), ctx)).toContain('in Buenos Aires with 2 ');
    expect(entryWords(entry({ kind: 'pay', action: 'pay 5green', cards: { locomotive: 1 } }), ctx)).toBe('P0 pays 1 locomotive more for the tunnel');
    expect(entryWords(entry({ kind: 'keep', kept: 2 }), ctx)).toBe('P0 keeps 2 tickets');
  });

  it('says draws, piles and exchanges', () => {
    setLang('en');
    expect(entryWords(entry({ kind: 'draw', target: 'deck' }), ctx)).toBe('P0 draws a card from the deck');
    expect(entryWords(entry({ kind: 'draw', target: 'red' }), ctx)).toBe(`P0 takes a face-up ${cardName('red')}`);
    expect(entryWords(entry({ kind: 'draw', target: { card: 'deck', pile: 'ship' } }), ctx)).toBe('P0 draws from the ship deck');
    expect(entryWords(entry({ kind: 'draw', target: { card: 'red-ship', pile: null } }), ctx)).toBe(`P0 takes a face-up ${cardName('red-ship')}`);
    expect(entryWords(entry({ kind: 'exchange', target: 3 }), ctx)).toBe('P0 exchanges 3 trains for ships');
    expect(entryWords(entry({ kind: 'exchange', target: -2 }), ctx)).toBe('P0 exchanges 2 ships for trains');
    expect(entryWords(entry({ kind: 'pass' }), ctx)).toBe('P0 passes');
    // a kind this client does not know: the server's words
    expect(entryWords(entry({ kind: 'teleport', text: 'seat 0 teleports' }), ctx)).toBe('seat 0 teleports');
  });

  it('says the events that followed', () => {
    setLang('en');
    const e = entry({
      kind: 'claim',
      target: paris.id,
      cards: { red: 2 },
      events: [
        { event: 'tunnel', revealed: ['red', 'blue', 'locomotive'], extra: 2 },
        { event: 'last-round', seat: 1 },
      ],
    });
    expect(entryWords(e, ctx)).toBe(
      `P0 claims ${routeName(map, paris.id)} with 2 red; the tunnel reveals ${cardName('red')}, ${cardName('blue')}, ${cardName('locomotive')}: 2 more cards to pay; P1 has few pieces left: last round`,
    );
    setLang('zh');
    expect(entryWords(entry({ kind: 'keep', kept: 3 }), ctx)).toBe('P0 保留了 3 张车票');
    setLang('en');
  });

  it('says the Legacy events that give tickets or remove themselves', () => {
    setLang('en');
    const e = entry({ kind: 'draw', target: 'deck', action: 'draw deck',
      events: [{ event: 'ticket', seat: 1, reason: 'Mail bag' }, { event: 'event-removed', id: 'grant', name: 'Land grant' }] });
    expect(entryWords(e, ctx)).toBe('P0 draws a card from the deck; P1 takes a ticket (Mail bag); the event “Land grant” is removed for good');
    setLang('zh');
    expect(entryWords(e, ctx)).toContain('P1 拿了一张任务卡（Mail bag）');
    expect(entryWords(e, ctx)).toContain('事件“Land grant”被永久移除');
    setLang('en');
  });

  it('says a ticket held face up (Legacy, rulebook 465)', () => {
    setLang('en');
    const e = entry({ kind: 'keep', kept: 1, events: [{ event: 'ticket-shown', seat: 1, ticket: 424242 }] });
    expect(entryWords(e, ctx)).toContain('P1 holds #424242 face up');
    setLang('zh');
    expect(entryWords(e, ctx)).toContain('公开持有任务卡');
    setLang('en');
  });

  it("says a Legacy event's action (trade) in both languages", () => {
    setLang('en');
    const e = entry({ kind: 'trade', cards: { red: 2 }, action: 'trade 2red' });
    expect(entryWords(e, ctx)).toBe("P0 carries out the event's action with 2 red");
    setLang('zh');
    expect(entryWords(e, ctx)).toContain('执行了事件行动');
    setLang('en');
  });

  it("says a rule's action and the extra wild cards (Legacy, rulebook 322, 437) in both languages", () => {
    setLang('en');
    const rule = entry({ kind: 'trade', target: 'R', cards: { red: 4 }, action: 'trade R 4red' });
    expect(entryWords(rule, ctx)).toBe("P0 carries out rule R's action with 4 red");
    expect(entryWords(entry({ kind: 'extra', target: 'event', action: 'extra event' }), ctx)).toBe(
      "P0 discards an extra wild card for the event's offer",
    );
    expect(entryWords(entry({ kind: 'extra', target: 'Q', action: 'extra Q' }), ctx)).toBe(
      "P0 discards an extra wild card for rule Q's offer",
    );
    expect(entryWords(entry({ kind: 'extra', target: 'done', action: 'extra done' }), ctx)).toBe('P0 takes no more offers');
    expect(entryWords(entry({ kind: 'extra', target: 'P1', action: 'extra P1' }), ctx)).toBe(
      "P0 discards an extra wild card for a postcard's offer",
    );
    setLang('zh');
    expect(entryWords(rule, ctx)).toContain('规则 R 的行动');
    expect(entryWords(entry({ kind: 'extra', target: 'Q', action: 'extra Q' }), ctx)).toContain('万能牌');
    setLang('en');
  });

  it('highlights the last move from the targets', () => {
    const claim = entry({ kind: 'claim', ply: 4, seat: 1, turn: 3, target: 17, cards: { red: 2 }, action: 'claim 99 2red' });
    const pay = entry({ kind: 'pay', ply: 5, seat: 1, turn: 3, cards: { red: 1 } });
    expect(lastMoveRoutes([entry({ kind: 'keep', kept: 2 }), claim])).toEqual([17]);
    expect(lastMoveRoutes([claim, pay])).toContain(17);
    expect(lastMoveRoutes([claim, entry({ kind: 'draw', ply: 5, seat: 0, turn: 4, target: 'deck' })])).toEqual([]);
    expect(lastMoveCities([entry({ kind: 'station', target: 'Frankfurt am Main', cards: { red: 1 }, action: 'station X 1red' })])).toEqual(['Frankfurt am Main']);
    expect(lastMoveCities([claim])).toEqual([]);
    expect(lastMoveRoutes([])).toEqual([]);
  });
});
