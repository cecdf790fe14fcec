// Card kinds as the server names them (ttr/cards.py), in the canonical order of payment texts.
import type { Counts } from './types';

export const COLORS = ['purple', 'blue', 'orange', 'white', 'green', 'yellow', 'black', 'red'] as const;
export const RS_COLORS = ['purple', 'white', 'green', 'yellow', 'black', 'red'] as const;
export const RS_PARTS = ['train', 'train-anchor', 'ship', 'double-ship'] as const;

/** Every card name, in the order the server writes payments (CARD_NAMES in ttr/cards.py). */
export const CARD_NAMES: string[] = [
  ...COLORS,
  'locomotive',
  ...RS_COLORS.flatMap((c) => RS_PARTS.map((p) => `${c}-${p}`)),
  'joker',
  'newspaper',
];
export const CARD_INDEX: Record<string, number> = Object.fromEntries(CARD_NAMES.map((n, i) => [n, i]));

export type CardPart = 'plain' | 'train' | 'train-anchor' | 'ship' | 'double-ship' | 'locomotive' | 'joker' | 'newspaper';

export interface CardInfo {
  name: string;
  /** the colour (a route colour), or 'wild' */
  color: string;
  part: CardPart;
  wild: boolean;
  /** anchored: counts for a harbor (Rails & Sails) */
  anchor: boolean;
  ship: boolean;
}

export function cardInfo(name: string): CardInfo {
  if (name === 'locomotive') return { name, color: 'wild', part: 'locomotive', wild: true, anchor: false, ship: false };
  if (name === 'joker') return { name, color: 'wild', part: 'joker', wild: true, anchor: true, ship: false };
  if (name === 'newspaper') return { name, color: 'news', part: 'newspaper', wild: false, anchor: false, ship: false };
  const dash = name.indexOf('-');
  if (dash < 0) return { name, color: name, part: 'plain', wild: false, anchor: false, ship: false };
  const color = name.slice(0, dash);
  const part = name.slice(dash + 1) as CardPart;
  return { name, color, part, wild: false, anchor: part === 'train-anchor' || part === 'ship', ship: part === 'ship' || part === 'double-ship' };
}

export const isWild = (name: string) => name === 'locomotive' || name === 'joker';

export function sortCards(names: string[]): string[] {
  return [...names].sort((a, b) => (CARD_INDEX[a] ?? 99) - (CARD_INDEX[b] ?? 99));
}

/** {red: 3, locomotive: 1} -> '3red+1locomotive' (card order, zeros left out) */
export function cardsText(c: Counts): string {
  return sortCards(Object.keys(c).filter((k) => c[k] > 0))
    .map((k) => `${c[k]}${k}`)
    .join('+');
}

export function total(c: Counts): number {
  let n = 0;
  for (const k in c) n += c[k];
  return n;
}

export function sameCounts(a: Counts, b: Counts): boolean {
  for (const k in a) if ((a[k] || 0) !== (b[k] || 0)) return false;
  for (const k in b) if ((a[k] || 0) !== (b[k] || 0)) return false;
  return true;
}

/** Fill colours of the cards (the board's route colours), wild cards drawn as a rainbow. */
export const CARD_FILL: Record<string, string> = {
  purple: '#a43fa0',
  blue: '#1f64b0',
  orange: '#f08c1a',
  white: '#fbfbf8',
  green: '#27853b',
  yellow: '#f7d51d',
  black: '#262626',
  red: '#d4281c',
  gray: '#a3a39d',
};
export const CARD_INK: Record<string, string> = {
  purple: '#fff',
  blue: '#fff',
  orange: '#1a1a1a',
  white: '#1a1a1a',
  green: '#fff',
  yellow: '#1a1a1a',
  black: '#fff',
  red: '#fff',
  gray: '#1a1a1a',
  wild: '#1a1a1a',
};
/** colour-blind letters, as on the board (black is K so that B stays blue) */
export const CARD_LETTER: Record<string, string> = {
  purple: 'P',
  blue: 'B',
  orange: 'O',
  white: 'W',
  green: 'G',
  yellow: 'Y',
  black: 'K',
  red: 'R',
  gray: '◆',
  wild: '★',
};
