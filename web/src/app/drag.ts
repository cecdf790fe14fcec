// Claiming by drag and drop: a card of the hand is dragged onto a route. Which routes a card can
// pay for, and with which payment, comes only from the legal data (Legal / PaymentSet): no rule
// is checked here a second time. The DOM part (HandDrag) follows the pointer (a mouse drags at
// once, a finger after a long press), draws the card under it and asks the board which route is
// there; the game screen decides what a drop does.
import { cardInfo, isWild } from './cards';
import type { Legal, PaymentSet } from './legal';
import type { Counts } from './types';

/** The fewest (`down`) or the most cards of `kind` some payment has besides `fixed`; null: none. */
function settle(set: PaymentSet, fixed: Counts, kind: string, down: boolean): number | null {
  const max = set.maxOf(kind);
  for (let i = 0; i <= max; i++) {
    const v = down ? i : max - i;
    if (set.feasible({ ...fixed, [kind]: v })) return v;
  }
  return null;
}

/**
 * The payment a dragged card means for a target, or null when that card cannot pay for it.
 * A locomotive (or joker): the payments of wild cards alone, the most of the dragged kind.
 * A colour: the payments holding that card, the most of it; first those of that colour and wild
 * cards only (fewest wild cards), else (a route that asks for more colours, a Nordic ferry's
 * substitutes) the fewest wild cards, then the fewest cards of other colours (as PaymentSet.best
 * spares wild cards first).
 */
export function dragPayment(set: PaymentSet | null, card: string): Counts | null {
  if (!set || !set.kinds.includes(card)) return null;
  const wild = isWild(card);
  const color = cardInfo(card).color;
  const kinds = set.kinds.filter((k) => k !== card);
  const wilds = kinds.filter(isWild);
  const same = kinds.filter((k) => !isWild(k) && cardInfo(k).color === color);
  const others = kinds.filter((k) => !isWild(k) && cardInfo(k).color !== color);
  const tries: string[][][] = wild
    ? [[[...same, ...others], wilds]] // strict only: [kinds held at 0, kinds kept fewest]
    : [
        [others, wilds],
        [[], [...wilds, ...others]],
      ];
  for (const [zero, fewest] of tries) {
    const fixed: Counts = {};
    for (const k of zero) fixed[k] = 0;
    if (!set.feasible(fixed)) continue;
    const most = settle(set, fixed, card, false);
    if (!most) continue; // the card itself must be paid
    fixed[card] = most;
    let ok = true;
    for (const k of [...fewest, ...same, ...others, ...wilds]) {
      if (k in fixed) continue;
      const v = settle(set, fixed, k, true);
      if (v === null) {
        ok = false;
        break;
      }
      fixed[k] = v;
    }
    if (!ok) continue;
    const out: Counts = {};
    for (const k in fixed) if (fixed[k]) out[k] = fixed[k];
    if (set.contains(out)) return out;
  }
  return null;
}

/** Every route the card can claim now, with the payment a drop there means. */
export function payableRoutes(legal: Legal, card: string): Map<number, Counts> {
  const out = new Map<number, Counts>();
  for (const x of legal.targets('claim')) {
    const pay = dragPayment(legal.payments('claim', x.text), card);
    if (pay) out.set(x.target as number, pay);
  }
  return out;
}

export type DropVerdict =
  | { kind: 'claim'; route: number; payment: Counts }
  | { kind: 'wrong-card'; route: number }
  | { kind: 'not-claimable'; route: number }
  | { kind: 'outside' };

/** What dropping on `route` (null: not on a route) means. */
export function dropVerdict(legal: Legal, payable: Map<number, Counts>, route: number | null): DropVerdict {
  if (route === null) return { kind: 'outside' };
  const payment = payable.get(route);
  if (payment) return { kind: 'claim', route, payment };
  return legal.hasTarget('claim', String(route)) ? { kind: 'wrong-card', route } : { kind: 'not-claimable', route };
}

// ------------------------------------------------------------------ the pointer

/** How far (px) a mouse moves before a press becomes a drag; how long a finger presses (ms). */
export const DRAG_SLOP = 6;
export const LONG_PRESS_MS = 320;
/** A finger moving this far before the long press ends scrolls instead. */
const TOUCH_SLOP = 10;

export interface DragHooks {
  /** a drag of `card` may start now (false: the press is left alone) */
  can(card: string): boolean;
  /** the drag has started */
  start(card: string): void;
  /** the pointer is over this route (null: none, or not on the board); true: the card can pay for it */
  over(route: number | null): boolean;
  /** the card was dropped: on a route, or not (null) */
  drop(route: number | null): void;
  /** the drag ended (after drop, or cancelled) */
  end(): void;
  /** the route under a point (client px); `touch`: a finger's reach */
  routeAt(x: number, y: number, touch: boolean): number | null;
}

/**
 * Drags the cards of a hand. Bound to pointerdown on the hand (delegated: any element with
 * data-hand="<card>"); it captures the pointer, so the board (and its pan and zoom) never sees
 * the gesture. Mouse: a drag after DRAG_SLOP px; touch and pen: after a LONG_PRESS_MS press
 * (a quicker swipe scrolls the page as before). Escape cancels.
 */
export class HandDrag {
  private card: string | null = null;
  private el: HTMLElement | null = null;
  private id = -1;
  private x0 = 0;
  private y0 = 0;
  private touch = false;
  private active = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ghost: HTMLElement | null = null;
  private route: number | null = null;
  private offX = 0;
  private offY = 0;

  constructor(private hooks: () => DragHooks) {}

  get dragging(): boolean {
    return this.active;
  }

  down = (e: PointerEvent): void => {
    if (this.card !== null || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const el = (e.target as Element | null)?.closest?.('[data-hand]') as HTMLElement | null;
    const card = el?.getAttribute('data-hand');
    if (!el || !card || !this.hooks().can(card)) return;
    this.card = card;
    this.el = el;
    this.id = e.pointerId;
    this.x0 = e.clientX;
    this.y0 = e.clientY;
    this.touch = e.pointerType !== 'mouse';
    const doc = el.ownerDocument;
    doc.addEventListener('pointermove', this.move, true);
    doc.addEventListener('pointerup', this.up, true);
    doc.addEventListener('pointercancel', this.cancel, true);
    doc.addEventListener('keydown', this.key, true);
    // a long press that turned into a drag keeps the page from scrolling (and no menu opens)
    doc.addEventListener('touchmove', this.noScroll, { passive: false, capture: true });
    doc.addEventListener('contextmenu', this.noMenu, true);
    if (this.touch) {
      this.timer = setTimeout(() => this.begin(this.x0, this.y0), LONG_PRESS_MS);
    } else {
      e.preventDefault(); // no text selection while dragging
    }
  };

  private begin(x: number, y: number): void {
    this.timer = null;
    if (this.card === null || !this.el) return;
    this.active = true;
    try {
      this.el.setPointerCapture(this.id);
    } catch {
      // the pointer is gone (a synthetic event): the document listeners still follow it
    }
    const doc = this.el.ownerDocument;
    const box = this.el.getBoundingClientRect();
    const g = this.el.cloneNode(true) as HTMLElement;
    g.removeAttribute('data-hand');
    g.removeAttribute('id');
    g.classList.add('drag-ghost');
    g.setAttribute('aria-hidden', 'true');
    g.style.width = `${box.width}px`;
    g.style.height = `${box.height}px`;
    // the card goes up and to the right of the mouse, above the finger: the route under the
    // pointer stays in sight
    this.offX = this.touch ? -box.width / 2 : 14;
    this.offY = this.touch ? -box.height - 36 : -box.height - 8;
    doc.body.appendChild(g);
    this.ghost = g;
    doc.documentElement.classList.add('card-dragging');
    this.el.classList.add('drag-source');
    this.hooks().start(this.card);
    this.place(x, y);
  }

  private place(x: number, y: number): void {
    if (this.ghost) this.ghost.style.transform = `translate(${x + this.offX}px, ${y + this.offY}px)`;
    const r = this.hooks().routeAt(x, y, this.touch);
    if (r !== this.route) {
      this.route = r;
      const ok = this.hooks().over(r);
      this.ghost?.classList.toggle('drop-ok', ok);
      this.ghost?.classList.toggle('drop-no', r !== null && !ok);
    }
  }

  private move = (e: PointerEvent): void => {
    if (e.pointerId !== this.id) return;
    const far = Math.hypot(e.clientX - this.x0, e.clientY - this.y0);
    if (!this.active) {
      if (this.touch) {
        if (far > TOUCH_SLOP) this.finish(false); // a swipe: the page scrolls
      } else if (far > DRAG_SLOP) this.begin(e.clientX, e.clientY);
      return;
    }
    e.preventDefault();
    this.place(e.clientX, e.clientY);
  };

  private up = (e: PointerEvent): void => {
    if (e.pointerId !== this.id) return;
    if (this.active) {
      e.preventDefault();
      this.place(e.clientX, e.clientY);
      // the click that may follow a drag's release (a mouse's) is not a click on what lies under it
      const doc = this.el?.ownerDocument;
      doc?.addEventListener('click', this.noClick, { capture: true, once: true });
      setTimeout(() => doc?.removeEventListener('click', this.noClick, true), 0);
    }
    this.finish(this.active);
  };

  private cancel = (e: PointerEvent): void => {
    if (e.pointerId === this.id) this.finish(false);
  };

  private key = (e: KeyboardEvent): void => {
    if (e.key === 'Escape' && this.active) {
      e.preventDefault();
      e.stopPropagation();
      this.finish(false);
    }
  };

  /** Also bind to touchmove on the hand itself: a listener there (not passive) lets the page's
   *  scrolling be stopped once a long press has become a drag. */
  noScroll = (e: TouchEvent): void => {
    if (this.active && e.cancelable) e.preventDefault();
  };

  private noMenu = (e: Event): void => {
    e.preventDefault();
  };

  private noClick = (e: Event): void => {
    e.preventDefault();
    e.stopPropagation();
  };

  /** Ends the press or drag; `drop`: the card was let go (else the drag is cancelled). */
  finish(drop: boolean): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const el = this.el;
    const was = this.active;
    const route = this.route;
    if (el) {
      const doc = el.ownerDocument;
      doc.removeEventListener('pointermove', this.move, true);
      doc.removeEventListener('pointerup', this.up, true);
      doc.removeEventListener('pointercancel', this.cancel, true);
      doc.removeEventListener('keydown', this.key, true);
      doc.removeEventListener('touchmove', this.noScroll, true);
      // the menu a long press opens comes after the finger lifts on some browsers
      setTimeout(() => doc.removeEventListener('contextmenu', this.noMenu, true), 600);
      doc.documentElement.classList.remove('card-dragging');
      el.classList.remove('drag-source'); // (the pointer's capture ends when it is lifted)
    }
    this.ghost?.remove();
    this.ghost = null;
    this.card = null;
    this.el = null;
    this.active = false;
    this.route = null;
    if (was) {
      if (drop) this.hooks().drop(route);
      this.hooks().end();
    }
  }
}
