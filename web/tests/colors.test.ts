import { describe, expect, it } from 'vitest';
import { CAR_STYLES, carStyle, contrast, inkFor, PLAYER_COLORS, playerColor } from '../src/board/colors';
import { CARD_COLORS } from '../src/board/types';
import { MAP_NAMES, readMap } from './maps';

describe('route colours', () => {
  it('maps every colour used by the six boards (routes, stubs, companies)', () => {
    for (const name of MAP_NAMES) {
      const m = readMap(name);
      const used = [...m.routes.map((r) => r.color), ...(m.edge_stubs ?? []).map((s) => s.color), ...(m.companies ?? []).map((c) => c.color)];
      for (const c of used) expect(() => carStyle(c), `${name}: ${c}`).not.toThrow();
    }
    expect(() => carStyle('pink')).toThrow(/unknown route colour/);
  });

  it('draws gray routes gray and card colours in their own colour', () => {
    expect(carStyle('gray').fill).toBe('#a3a39d');
    expect(carStyle('red').fill).toBe('#d4281c');
    const fills = new Set(Object.values(CAR_STYLES).map((s) => s.fill));
    expect(fills.size).toBe(CARD_COLORS.length + 1);
  });

  it('gives every card colour its own letter, and gray a mark that is no letter', () => {
    const letters = CARD_COLORS.map((c) => CAR_STYLES[c].letter);
    expect(letters.every((l) => /^[A-Z]$/.test(l))).toBe(true);
    expect(new Set(letters).size).toBe(CARD_COLORS.length);
    expect(CAR_STYLES.black.letter).toBe('K');
    expect(CAR_STYLES.blue.letter).toBe('B');
    expect(CAR_STYLES.gray.letter).toBe('');
  });

  it('writes the letters in a colour readable on the space (contrast >= 4.5)', () => {
    for (const [name, s] of Object.entries(CAR_STYLES)) {
      expect(contrast(s.fill, s.ink), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps white spaces visible on the board background', () => {
    // white spaces get a dark outline; the outline itself must stand out from the board
    expect(contrast('#262626', '#f1ead6')).toBeGreaterThan(10);
  });
});

describe('player colours', () => {
  it('has five distinct defaults, different enough in lightness for colour-blind eyes', () => {
    expect(PLAYER_COLORS.length).toBe(5);
    const fills = PLAYER_COLORS.map((p) => p.fill);
    expect(new Set(fills).size).toBe(5);
    // the numbers drawn on the pieces read well
    for (const p of PLAYER_COLORS) expect(contrast(p.fill, p.ink), p.name).toBeGreaterThanOrEqual(4.5);
    // pieces stand out from the board background
    for (const p of PLAYER_COLORS) expect(contrast(p.fill, '#111111'), p.name).toBeGreaterThan(2.5);
  });

  it('uses a custom colour when given, else the palette by seat', () => {
    expect(playerColor(0).fill).toBe(PLAYER_COLORS[0].fill);
    expect(playerColor(6).fill).toBe(PLAYER_COLORS[1].fill);
    expect(playerColor(2, '#ffffff')).toEqual({ fill: '#ffffff', ink: '#1a1a1a', name: '#ffffff' });
    expect(inkFor('#000000')).toBe('#ffffff');
  });
});
