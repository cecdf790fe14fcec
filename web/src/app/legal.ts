// The view's `legal` data (docs/protocol.md, "Legal moves"): the one source of what can be clicked.
// Payments come listed or described by families of multisets; PaymentSet answers membership and
// "can a payment still have these counts?" without listing them, which is what the payment picker
// needs (a Nordic Murmansk-Lieksa claim can be paid in over a million ways).
import { CARD_INDEX, cardInfo, cardsText, isWild, sortCards, total } from './cards';
import type { Counts, Family, LegalGroup, Payments } from './types';

/** Every way to take `take` cards with at most caps[i] of kinds[i] (as counts per kind). */
function* bounded(kinds: string[], caps: number[], take: number, i = 0, acc: number[] = []): Generator<number[]> {
  if (i === kinds.length) {
    if (take === 0) yield acc.slice();
    return;
  }
  const top = Math.min(caps[i], take);
  for (let v = 0; v <= top; v++) {
    acc.push(v);
    yield* bounded(kinds, caps, take - v, i + 1, acc);
    acc.pop();
  }
}

/** The payments a family holds (ttr.engine.legal.family_members). */
export function* familyMembers(f: Family): Generator<Counts> {
  const parts = f.parts;
  function* rec(i: number, acc: Counts): Generator<Counts> {
    if (i === parts.length) {
      yield { ...acc };
      return;
    }
    const p = parts[i];
    const kinds = Object.keys(p.from);
    for (const counts of bounded(kinds, kinds.map((k) => p.from[k]), p.take)) {
      if (p.above !== undefined) {
        const above = p.above;
        if (!kinds.some((k, j) => k in above && counts[j] > above[k])) continue;
      }
      const nxt = { ...acc };
      kinds.forEach((k, j) => {
        if (counts[j]) nxt[k] = (nxt[k] ?? 0) + counts[j];
      });
      yield* rec(i + 1, nxt);
    }
  }
  yield* rec(0, { ...f.base });
}

function disjoint(f: Family): boolean {
  const seen = new Set<string>();
  for (const p of f.parts) {
    for (const k in p.from) {
      if (seen.has(k)) return false;
      seen.add(k);
    }
  }
  return true;
}

/** Is there a member of family f with exactly fixed[k] cards of each kind k in fixed (others free)? */
export function familyFeasible(f: Family, fixed: Counts): boolean {
  if (!disjoint(f)) {
    let n = 0;
    for (const m of familyMembers(f)) {
      if (Object.keys(fixed).every((k) => (m[k] ?? 0) === fixed[k])) return true;
      if (++n > 200000) break;
    }
    return false;
  }
  const inPart = new Set<string>();
  for (const p of f.parts) for (const k in p.from) inPart.add(k);
  for (const k in fixed) {
    const x = fixed[k] - (f.base[k] ?? 0);
    if (x < 0) return false;
    if (x !== 0 && !inPart.has(k)) return false;
  }
  for (const p of f.parts) {
    let s = 0;
    let capFree = 0;
    let aboveOk = p.above === undefined;
    let needFree = Infinity; // the fewest cards of a free kind that would satisfy `above`
    for (const k in p.from) {
      const cap = p.from[k];
      const hasAbove = p.above !== undefined && k in p.above;
      if (k in fixed) {
        const x = fixed[k] - (f.base[k] ?? 0);
        if (x > cap) return false;
        s += x;
        if (hasAbove && x > p.above![k]) aboveOk = true;
      } else {
        capFree += cap;
        if (hasAbove && cap > p.above![k]) needFree = Math.min(needFree, p.above![k] + 1);
      }
    }
    if (s > p.take) return false;
    const rest = p.take - s;
    if (rest > capFree) return false;
    if (!aboveOk && needFree > rest) return false;
  }
  return true;
}

export function familyContains(f: Family, c: Counts): boolean {
  const fixed: Counts = {};
  for (const k of familyKinds(f)) fixed[k] = c[k] ?? 0;
  for (const k in c) if (c[k] && !(k in fixed)) return false;
  return familyFeasible(f, fixed);
}

function familyKinds(f: Family): string[] {
  const s = new Set(Object.keys(f.base));
  for (const p of f.parts) for (const k in p.from) s.add(k);
  return [...s];
}

function familyMax(f: Family, kind: string): number {
  let m = f.base[kind] ?? 0;
  for (const p of f.parts) if (kind in p.from) m += Math.min(p.from[kind], p.take);
  return m;
}

/** How a payment is judged for the default choice: fewest wild cards, then the colour held most. */
export function paymentKey(c: Counts, hand: Counts): number[] {
  let wild = 0;
  let anchors = 0;
  let main = '';
  let mainN = -1;
  const byColor: Counts = {};
  for (const k in c) {
    if (!c[k]) continue;
    if (isWild(k)) {
      wild += c[k];
      continue;
    }
    const info = cardInfo(k);
    if (info.anchor) anchors += c[k];
    byColor[info.color] = (byColor[info.color] ?? 0) + c[k];
  }
  for (const col in byColor) {
    if (byColor[col] > mainN) {
      main = col;
      mainN = byColor[col];
    }
  }
  let held = 0;
  for (const k in hand) if (!isWild(k) && cardInfo(k).color === main) held += hand[k];
  return [wild, -held, anchors, total(c)];
}

function lessKey(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/** The payments of one target (the union of the groups that offer it). */
export class PaymentSet {
  readonly count: number;
  readonly first: Counts;
  readonly list: Counts[];
  readonly families: Family[];
  /** every kind a payment may hold, in card order */
  readonly kinds: string[];

  constructor(payments: Payments[]) {
    this.count = payments.reduce((n, p) => n + p.count, 0);
    this.first = payments[0]?.first_counts ?? {};
    this.list = payments.flatMap((p) => p.counts ?? []);
    this.families = payments.flatMap((p) => p.families ?? []);
    const kinds = new Set<string>();
    for (const m of this.list) for (const k in m) kinds.add(k);
    for (const f of this.families) for (const k of familyKinds(f)) kinds.add(k);
    this.kinds = sortCards([...kinds]);
  }

  get described(): boolean {
    return this.families.length > 0;
  }

  contains(c: Counts): boolean {
    const clean: Counts = {};
    for (const k in c) if (c[k]) clean[k] = c[k];
    if (this.list.some((m) => sameMember(m, clean))) return true;
    return this.families.some((f) => familyContains(f, clean));
  }

  /** Some payment has exactly fixed[k] cards of each kind k named in fixed. */
  feasible(fixed: Counts): boolean {
    const ks = Object.keys(fixed);
    if (this.list.some((m) => ks.every((k) => (m[k] ?? 0) === fixed[k]))) return true;
    return this.families.some((f) => familyFeasible(f, fixed));
  }

  maxOf(kind: string): number {
    let m = 0;
    for (const p of this.list) m = Math.max(m, p[kind] ?? 0);
    for (const f of this.families) m = Math.max(m, familyMax(f, kind));
    return m;
  }

  /** The counts of `kind` some payment has. */
  allowed(kind: string): number[] {
    const out: number[] = [];
    for (let v = 0; v <= this.maxOf(kind); v++) if (this.feasible({ [kind]: v })) out.push(v);
    return out;
  }

  /**
   * The payment with `value` cards of `kind` nearest to `current`: the kinds in `keep` (most
   * recently chosen first) keep their counts if they can, then the others in card order.
   * null when no payment has that many of `kind`.
   */
  adjust(current: Counts, kind: string, value: number, keep: string[] = []): Counts | null {
    const fixed: Counts = { [kind]: value };
    if (!this.feasible(fixed)) return null;
    const order = [...keep.filter((k) => k !== kind && this.kinds.includes(k)), ...this.kinds.filter((k) => k !== kind && !keep.includes(k))];
    for (const k of order) {
      const cur = current[k] ?? 0;
      const max = this.maxOf(k);
      let chosen = -1;
      for (let d = 0; d <= max + cur && chosen < 0; d++) {
        for (const c of d === 0 ? [cur] : [cur - d, cur + d]) {
          if (c < 0 || c > max) continue;
          if (this.feasible({ ...fixed, [k]: c })) {
            chosen = c;
            break;
          }
        }
      }
      if (chosen < 0) return null; // cannot happen: fixed was feasible
      fixed[k] = chosen;
    }
    const out: Counts = {};
    for (const k in fixed) if (fixed[k]) out[k] = fixed[k];
    return out;
  }

  /** The payments, at most `limit` of them. */
  members(limit = Infinity): Counts[] {
    const out: Counts[] = [];
    for (const m of this.list) {
      if (out.length >= limit) return out;
      out.push(m);
    }
    for (const f of this.families) {
      for (const m of familyMembers(f)) {
        if (out.length >= limit) return out;
        out.push(m);
      }
    }
    return out;
  }

  /** A sensible default: fewest wild cards, then the colour the player holds most (see paymentKey). */
  best(hand: Counts): Counts {
    const first = this.first;
    if (this.count > 5000) return first;
    let best = first;
    let bestKey = paymentKey(first, hand);
    for (const m of this.members(5000)) {
      const k = paymentKey(m, hand);
      if (lessKey(k, bestKey)) {
        best = m;
        bestKey = k;
      }
    }
    return best;
  }
}

function sameMember(m: Counts, c: Counts): boolean {
  for (const k in m) if ((m[k] ?? 0) !== (c[k] ?? 0)) return false;
  for (const k in c) if ((m[k] ?? 0) !== c[k]) return false;
  return true;
}

export interface Target {
  target: unknown;
  text: string;
}

/** A seat's legal moves, by kind. */
export class Legal {
  readonly groups: LegalGroup[];
  constructor(groups: LegalGroup[] | null | undefined) {
    this.groups = groups ?? [];
  }

  get empty(): boolean {
    return this.groups.length === 0;
  }

  has(kind: string): boolean {
    return this.groups.some((g) => g.kind === kind);
  }

  targets(kind: string): Target[] {
    const out: Target[] = [];
    const seen = new Set<string>();
    for (const g of this.groups) {
      if (g.kind !== kind || !g.texts) continue;
      g.texts.forEach((t, i) => {
        if (seen.has(t)) return;
        seen.add(t);
        out.push({ target: g.targets![i], text: t });
      });
    }
    return out;
  }

  hasTarget(kind: string, text: string): boolean {
    return this.groups.some((g) => g.kind === kind && (g.texts?.includes(text) ?? false));
  }

  /** The payments of (kind, target), or null when the kind takes no cards or the target is not legal. */
  payments(kind: string, text?: string): PaymentSet | null {
    const ps = this.groups
      .filter((g) => g.kind === kind && g.payments && (text === undefined ? !g.texts : g.texts?.includes(text)))
      .map((g) => g.payments!);
    return ps.length ? new PaymentSet(ps) : null;
  }

  /** Is this exact action legal? (kind, target text, payment) */
  allows(kind: string, text?: string | null, payment?: Counts | null): boolean {
    for (const g of this.groups) {
      if (g.kind !== kind) continue;
      if (text != null ? !g.texts?.includes(text) : !!g.texts) continue;
      if (!g.payments) {
        if (!payment || total(payment) === 0) return true;
        continue;
      }
      if (payment && new PaymentSet([g.payments]).contains(payment)) return true;
    }
    return false;
  }

  routes(): number[] {
    return this.targets('claim').map((t) => t.target as number);
  }
}

/** An action's canonical text: kind, target text, payment, joined by spaces. */
export function actionText(kind: string, target?: string | null, payment?: Counts | null): string {
  const parts = [kind];
  if (target != null && target !== '') parts.push(target);
  if (payment && total(payment) > 0) parts.push(cardsText(payment));
  return parts.join(' ');
}

/** Every legal move's text from the groups alone (ttr.engine.legal.expand), at most `limit`. */
export function expand(groups: LegalGroup[], limit = Infinity): string[] {
  const out: string[] = [];
  for (const g of groups) {
    const texts: (string | null)[] = g.texts ?? [null];
    let pays: (string | null)[] = [null];
    if (g.payments) {
      pays = g.payments.list
        ? g.payments.list
        : (g.payments.families ?? []).flatMap((f) => [...familyMembers(f)].map(cardsText));
    }
    for (const t of texts) {
      for (const p of pays) {
        if (out.length >= limit) return out;
        out.push([g.kind, t, p].filter((x) => x !== null).join(' '));
      }
    }
  }
  return out;
}

export { CARD_INDEX };
