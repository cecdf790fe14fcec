// Small helpers to build SVG elements.
export const SVG_NS = 'http://www.w3.org/2000/svg';

export type Attrs = Record<string, string | number | boolean | null | undefined>;

export function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  children: Array<Node | null | undefined | false> = [],
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    e.setAttribute(k, v === true ? '' : typeof v === 'number' ? fmt(v) : v);
  }
  for (const c of children) if (c) e.appendChild(c);
  return e;
}

export function text(tag: 'text' | 'title', content: string, attrs: Attrs = {}): SVGElement {
  const e = el(tag, attrs);
  e.textContent = content;
  return e;
}

/** A number for an attribute: at most 2 decimals. */
export function fmt(v: number): string {
  return String(Math.round(v * 100) / 100);
}

export function carTransform(c: { x: number; y: number; angle: number }): string {
  return `translate(${fmt(c.x)} ${fmt(c.y)}) rotate(${fmt(c.angle)})`;
}

/**
 * A transformed piece clipped in board coordinates: the clip path goes on a wrapper,
 * since on the transformed element itself it would be read in the element's own
 * (moved and rotated) coordinates.
 */
export function clipped(child: SVGElement, clipUrl: string | null): SVGElement {
  return clipUrl ? el('g', { 'clip-path': clipUrl }, [child]) : child;
}
