// The payment a card dragged onto a route means (drag.ts), read only from the legal data: the
// most of the dragged card, its colour and wild cards first, locomotives alone for a locomotive;
// and what a drop means. The engine's own fixtures (fixtures/legal.json) and small hand-made groups.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardInfo, isWild } from '../../src/app/cards';
import { dragPayment, dropVerdict, payableRoutes } from '../../src/app/drag';
import { Legal, PaymentSet } from '../../src/app/legal';
import type { Counts, LegalGroup } from '../../src/app/types';

function listed(...counts: Counts[]): LegalGroup['payments'] {
  return { count: counts.length, counts, first: '', first_counts: counts[0], list: [] } as unknown as LegalGroup['payments'];
}
const claim = (texts: string[], ...counts: Counts[]): LegalGroup =>
  ({ kind: 'claim', texts, targets: texts.map(Number), payments: listed(...counts) }) as unknown as LegalGroup;

describe('the payment of a dragged card', () => {
  // a grey route of 3: the hand has 2 red, 3 blue, 2 locomotives
  const grey = new PaymentSet([
    listed(
      { red: 2, locomotive: 1 },
      { red: 1, locomotive: 2 },
      { blue: 3 },
      { blue: 2, locomotive: 1 },
      { blue: 1, locomotive: 2 },
      { locomotive: 3 },
    )!,
  ]);

  it('a colour: the payment with the most of it, then the fewest locomotives', () => {
    expect(dragPayment(grey, 'red')).toEqual({ red: 2, locomotive: 1 });
    expect(dragPayment(grey, 'blue')).toEqual({ blue: 3 });
  });

  it('a locomotive: locomotives alone', () => {
    expect(dragPayment(grey, 'locomotive')).toEqual({ locomotive: 3 });
    const noLocosAlone = new PaymentSet([listed({ red: 2, locomotive: 1 }, { blue: 3 })!]);
    expect(dragPayment(noLocosAlone, 'locomotive')).toBeNull();
  });

  it('a card the payments do not hold: none', () => {
    expect(dragPayment(grey, 'green')).toBeNull();
    expect(dragPayment(null, 'red')).toBeNull();
  });

  it('a route that asks for more colours: the dragged one with the others it needs', () => {
    const paired = new PaymentSet([listed({ red: 2, purple: 2 }, { red: 1, purple: 2, joker: 1 })!]);
    expect(dragPayment(paired, 'red')).toEqual({ red: 2, purple: 2 });
    expect(dragPayment(paired, 'purple')).toEqual({ red: 2, purple: 2 });
  });

  // every claim in the engine's fixtures: the choice is a legal payment, holds the dragged card,
  // has the most of it that any payment of that card's kind (colour and wild cards only) has
  interface Case {
    map: string;
    ply: number;
    hand: Counts;
    group: LegalGroup;
  }
  const cases: Case[] = JSON.parse(readFileSync(new URL('../fixtures/legal.json', import.meta.url), 'utf8'));
  const claims = cases.filter((c) => c.group.kind === 'claim' && c.group.payments);
  it('covers list and family payments of several boards', () => {
    expect(new Set(claims.map((c) => c.map)).size).toBeGreaterThan(3);
    expect(claims.some((c) => c.group.payments!.families)).toBe(true);
  });
  for (const c of claims) {
    it(`is legal and the most of the card: ${c.map} ply ${c.ply} claim ${c.group.texts![0]}`, () => {
      const set = new PaymentSet([c.group.payments!]);
      const members = set.count <= 20000 ? set.members() : null;
      for (const card of Object.keys(c.hand)) {
        const pay = dragPayment(set, card);
        const pure = (m: Counts) =>
          Object.keys(m).every((k) => !m[k] || k === card || isWild(k) || (!isWild(card) && cardInfo(k).color === cardInfo(card).color));
        if (!pay) {
          // none: no payment holds the card (for a locomotive: no payment of wild cards alone)
          if (members) expect(members.some((m) => (m[card] ?? 0) > 0 && (!isWild(card) || pure(m))), card).toBe(false);
          continue;
        }
        expect(set.contains(pay), `${card}: ${JSON.stringify(pay)}`).toBe(true);
        expect(pay[card]).toBeGreaterThan(0);
        if (!members) continue;
        const own = members.filter((m) => (m[card] ?? 0) > 0 && pure(m));
        if (own.length) {
          expect(pure(pay), card).toBe(true);
          const most = Math.max(...own.map((m) => m[card]));
          expect(pay[card], card).toBe(most);
          const wild = (m: Counts) => Object.keys(m).filter(isWild).reduce((n, k) => n + m[k], 0);
          expect(wild(pay), card).toBe(Math.min(...own.filter((m) => m[card] === most).map(wild)));
        } else {
          expect(isWild(card)).toBe(false);
        }
      }
    });
  }

  it('a Nordic ferry of 150,000 payments is answered quickly', () => {
    const big = claims.find((c) => c.group.payments!.count > 100000)!;
    const set = new PaymentSet([big.group.payments!]);
    const t0 = performance.now();
    const pay = dragPayment(set, 'green');
    expect(set.contains(pay!)).toBe(true);
    expect(performance.now() - t0).toBeLessThan(500);
  });
});

describe('the routes a card can be dropped on, and what a drop means', () => {
  const legal = new Legal([
    claim(['5', '6'], { red: 2 }, { locomotive: 2 }),
    claim(['7'], { blue: 3 }),
  ]);

  it('lists the routes the card can pay for, with the payment', () => {
    expect([...payableRoutes(legal, 'red')]).toEqual([
      [5, { red: 2 }],
      [6, { red: 2 }],
    ]);
    expect([...payableRoutes(legal, 'blue').keys()]).toEqual([7]);
    expect([...payableRoutes(legal, 'locomotive').keys()]).toEqual([5, 6]);
    expect(payableRoutes(legal, 'green').size).toBe(0);
  });

  it('a drop claims, or says why not', () => {
    const red = payableRoutes(legal, 'red');
    expect(dropVerdict(legal, red, 5)).toEqual({ kind: 'claim', route: 5, payment: { red: 2 } });
    expect(dropVerdict(legal, red, 7)).toEqual({ kind: 'wrong-card', route: 7 });
    expect(dropVerdict(legal, red, 99)).toEqual({ kind: 'not-claimable', route: 99 });
    expect(dropVerdict(legal, red, null)).toEqual({ kind: 'outside' });
    // not this seat's turn: no legal data, nothing can be claimed
    const none = new Legal(null);
    expect(dropVerdict(none, payableRoutes(none, 'red'), 5)).toEqual({ kind: 'not-claimable', route: 5 });
  });
});
