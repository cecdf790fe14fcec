import type { RouteColor } from './types';

export interface CarStyle {
  /** fill of the space */
  fill: string;
  /** colour of marks drawn on it (colour-blind letter, ferry locomotive): contrasts with fill */
  ink: string;
  /** colour-blind aid: the letter drawn on the space ('' for gray, which gets a ring instead) */
  letter: string;
  /** name for screen readers and tooltips */
  label: string;
}

/** Card colours as drawn on the board. Black is K so that B stays blue. */
export const CAR_STYLES: Record<RouteColor, CarStyle> = {
  purple: { fill: '#a43fa0', ink: '#ffffff', letter: 'P', label: 'purple' },
  blue: { fill: '#1f64b0', ink: '#ffffff', letter: 'B', label: 'blue' },
  orange: { fill: '#f08c1a', ink: '#1a1a1a', letter: 'O', label: 'orange' },
  white: { fill: '#fbfbf8', ink: '#1a1a1a', letter: 'W', label: 'white' },
  green: { fill: '#27853b', ink: '#ffffff', letter: 'G', label: 'green' },
  yellow: { fill: '#f7d51d', ink: '#1a1a1a', letter: 'Y', label: 'yellow' },
  black: { fill: '#262626', ink: '#ffffff', letter: 'K', label: 'black' },
  red: { fill: '#d4281c', ink: '#ffffff', letter: 'R', label: 'red' },
  gray: { fill: '#a3a39d', ink: '#1a1a1a', letter: '', label: 'gray (any colour)' },
};

export function carStyle(color: string): CarStyle {
  const s = (CAR_STYLES as Record<string, CarStyle>)[color];
  if (!s) throw new Error(`unknown route colour '${color}'`);
  return s;
}

export interface PlayerColor {
  fill: string;
  /** readable on fill */
  ink: string;
  name: string;
}

/**
 * Default player colours: five of the Okabe-Ito colours, told apart with the common
 * kinds of colour blindness. Claimed pieces also carry the player's number when the
 * colour-blind aid is on.
 */
export const PLAYER_COLORS: PlayerColor[] = [
  { fill: '#0072b2', ink: '#ffffff', name: 'blue' },
  { fill: '#e69f00', ink: '#1a1a1a', name: 'orange' },
  { fill: '#009e73', ink: '#1a1a1a', name: 'green' },
  { fill: '#cc79a7', ink: '#1a1a1a', name: 'pink' },
  { fill: '#f0e442', ink: '#1a1a1a', name: 'yellow' },
];

/** Relative luminance (WCAG) of a #rrggbb colour. */
export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const ch = [m[1], m[2], m[3]].map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on the given fill. */
export function inkFor(fill: string): string {
  return contrast(fill, '#1a1a1a') >= contrast(fill, '#ffffff') ? '#1a1a1a' : '#ffffff';
}

/** A player's colour: the given one (any CSS #rrggbb), else the default palette by seat. */
export function playerColor(seat: number, custom?: string): PlayerColor {
  if (custom) return { fill: custom, ink: /^#[0-9a-f]{6}$/i.test(custom) ? inkFor(custom) : '#ffffff', name: custom };
  return PLAYER_COLORS[((seat % PLAYER_COLORS.length) + PLAYER_COLORS.length) % PLAYER_COLORS.length];
}
