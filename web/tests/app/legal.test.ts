// The legal-move data against the Python engine (fixtures from scripts/make_legal_fixtures.py):
// expansion, membership, and the payment picker's "which counts are still possible".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardsText, total } from '../../src/app/cards';
import { expand, Legal, PaymentSet, paymentKey } from '../../src/app/legal';
import type { Counts, LegalGroup } from '../../src/app/types';

/** The test's own reading of a payment text ('3red+1locomotive'), to check the data against the texts. */
function paymentCounts(text: string): Counts {
  const out: Counts = {};
  if (!text) return out;
  for (const part of text.split('+')) {
    const m = /^(\d+)(.+)$/.exec(part);
    if (!m) throw new Error(`not a payment: ${text}`);
    out[m[2]] = (out[m[2]] ?? 0) + Number(m[1]);
  }
  return out;
}

interface Case {
  map: string;
  ply: number;
  hand: Counts;
  group: LegalGroup;
  count: number;
  texts?: string[];
  probes?: { action: string; legal: boolean }[];
}
const cases: Case[] = JSON.parse(readFileSync(new URL('../fixtures/legal.json', import.meta.url), 'utf8'));
const name = (c: Case) => `${c.map} ply ${c.ply} ${c.group.kind} ${c.group.texts?.[0] ?? ''} (${c.count})`;
const payOf = (text: string, c: Case) => text.split(' ').slice(c.group.texts ? 2 : 1).join(' ');

describe('legal data', () => {
  it('covers families on Nordic and World, Murmansk-Lieksa, lists and kinds without payments', () => {
    expect(cases.filter((c) => c.group.payments?.families && c.map === 'nordic').length).toBeGreaterThan(3);
    expect(cases.filter((c) => c.group.payments?.families && c.map === 'world').length).toBeGreaterThan(2);
    expect(cases.some((c) => c.group.texts?.[0] === '53' && c.count > 100000)).toBe(true);
    expect(cases.some((c) => !c.group.payments)).toBe(true);
  });

  for (const c of cases.filter((c) => c.texts)) {
    it(`expands like the engine: ${name(c)}`, () => {
      expect(expand([c.group]).sort()).toEqual(c.texts);
      if (c.group.payments) expect(new PaymentSet([c.group.payments]).count * (c.group.texts?.length ?? 1)).toBe(c.count);
    });
  }

  for (const c of cases.filter((c) => c.group.payments)) {
    it(`membership agrees with the engine: ${name(c)}`, () => {
      const set = new PaymentSet([c.group.payments!]);
      for (const p of c.probes ?? []) {
        const pay = paymentCounts(p.action.split(' ').slice(c.group.texts ? 2 : 1).join(' '));
        expect(set.contains(pay), p.action).toBe(p.legal);
      }
      const legal = new Legal([c.group]);
      const t = c.group.texts?.[0];
      for (const text of (c.texts ?? expand([c.group], 300)).filter((x) => !t || x.split(' ')[1] === t).slice(0, 300)) {
        expect(set.contains(paymentCounts(payOf(text, c))), text).toBe(true);
        expect(legal.allows(c.group.kind, t ?? null, paymentCounts(payOf(text, c)))).toBe(true);
      }
      expect(set.contains(paymentCounts(c.group.payments!.first))).toBe(true);
      expect(c.group.payments!.first_counts).toEqual(paymentCounts(c.group.payments!.first));
    });

    it(`picker: allowed counts, adjust and the default are payments: ${name(c)}`, () => {
      const set = new PaymentSet([c.group.payments!]);
      const t = c.group.texts?.[0];
      const members = c.texts
        ? c.texts.filter((x) => !t || x.split(' ')[1] === t).map((x) => paymentCounts(payOf(x, c)))
        : null;
      for (const k of set.kinds) {
        const allowed = set.allowed(k);
        if (members) expect(allowed).toEqual([...new Set(members.map((m) => m[k] ?? 0))].sort((a, b) => a - b));
        let cur = set.best(c.hand);
        for (const v of allowed) {
          const next = set.adjust(cur, k, v, [k]);
          expect(next, `${k}=${v}`).not.toBeNull();
          expect(next![k] ?? 0).toBe(v);
          expect(set.contains(next!), cardsText(next!)).toBe(true);
          cur = next!;
        }
        expect(set.adjust(cur, k, set.maxOf(k) + 1)).toBeNull();
      }
      const best = set.best(c.hand);
      expect(set.contains(best)).toBe(true);
      if (members && members.length <= 5000) {
        const bk = paymentKey(best, c.hand);
        const wildMin = Math.min(...members.map((m) => paymentKey(m, c.hand)[0]));
        expect(bk[0]).toBe(wildMin);
      }
    });
  }

  it('the payment picker answers quickly on Murmansk-Lieksa (over 100,000 payments)', () => {
    const c = cases.find((x) => x.group.texts?.[0] === '53')!;
    const set = new PaymentSet([c.group.payments!]);
    const t0 = performance.now();
    let cur = set.best(c.hand);
    for (const k of set.kinds) for (const v of set.allowed(k)) cur = set.adjust(cur, k, v, [k]) ?? cur;
    expect(set.contains(cur)).toBe(true);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(total(cur)).toBeGreaterThanOrEqual(9);
  });

  it('Legal: targets, payments by target, allows', () => {
    const legal = new Legal([
      { kind: 'draw', targets: ['red', 'deck'], texts: ['red', 'deck'] },
      { kind: 'claim', targets: [3, 4], texts: ['3', '4'], payments: { count: 2, first: '2red', first_counts: { red: 2 }, list: ['2red', '1red+1locomotive'], counts: [{ red: 2 }, { red: 1, locomotive: 1 }] } },
      { kind: 'claim', targets: [9], texts: ['9'], payments: { count: 1, first: '1blue', first_counts: { blue: 1 }, list: ['1blue'], counts: [{ blue: 1 }] } },
      { kind: 'tickets' },
    ]);
    expect(legal.routes()).toEqual([3, 4, 9]);
    expect(legal.payments('claim', '4')!.count).toBe(2);
    expect(legal.payments('claim', '7')).toBeNull();
    expect(legal.allows('claim', '9', { blue: 1 })).toBe(true);
    expect(legal.allows('claim', '9', { red: 1 })).toBe(false);
    expect(legal.allows('tickets')).toBe(true);
    expect(legal.allows('pass')).toBe(false);
    expect(legal.hasTarget('draw', 'deck')).toBe(true);
    // the default: fewest wild cards
    expect(cardsText(legal.payments('claim', '3')!.best({ red: 3, locomotive: 2 }))).toBe('2red');
  });

  it('the default payment prefers the colour held most among equally wild payments', () => {
    const set = new PaymentSet([{ count: 3, first: '2blue', first_counts: { blue: 2 }, list: ['2blue', '2red', '1red+1locomotive'], counts: [{ blue: 2 }, { red: 2 }, { red: 1, locomotive: 1 }] }]);
    expect(cardsText(set.best({ blue: 2, red: 5, locomotive: 1 }))).toBe('2red');
    expect(cardsText(set.best({ blue: 4, red: 2, locomotive: 1 }))).toBe('2blue');
  });
});
