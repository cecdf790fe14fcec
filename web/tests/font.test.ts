// The shipped Chinese font (src/app/fonts, made by scripts/subset-font.py) has a glyph for every
// Chinese character of the client: read from the WOFF2 files' own cmaps.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');
const FONTS = join(SRC, 'app/fonts');
const FILES = ['ttr-sans-sc-400.woff2', 'ttr-sans-sc-700.woff2'];
// the font's unicode-range (fonts.css) and the characters subset-font.py collects
const WIDE = /[\u2e80-\u2fff\u3000-\u303f\u3100-\u9fff\uf900-\ufaff\uff00-\uffef]/gu;

function base128(b: Buffer, at: { i: number }): number {
  let v = 0;
  for (let k = 0; k < 5; k++) {
    const x = b[at.i++];
    v = v * 128 + (x & 0x7f);
    if (!(x & 0x80)) return v;
  }
  throw new Error('bad UIntBase128');
}

/** The cmap table of a WOFF2 file: the directory, then the tables in one Brotli stream. */
function woff2Cmap(file: Buffer): Buffer {
  expect(file.toString('latin1', 0, 4)).toBe('wOF2');
  const numTables = file.readUInt16BE(12);
  const compressed = file.readUInt32BE(20);
  const at = { i: 48 };
  let offset = 0;
  let cmap: { offset: number; length: number } | null = null;
  for (let n = 0; n < numTables; n++) {
    const flags = file[at.i++];
    const known = flags & 0x3f;
    if (known === 63) at.i += 4;
    const version = flags >> 6;
    const orig = base128(file, at);
    // glyf (10) and loca (11) are transformed unless version 3; the others when version is not 0
    const transformed = known === 10 || known === 11 ? version !== 3 : version !== 0;
    const length = transformed ? base128(file, at) : orig;
    if (known === 0) cmap = { offset, length };
    offset += length;
  }
  const tables = brotliDecompressSync(file.subarray(at.i, at.i + compressed));
  expect(cmap).not.toBeNull();
  return tables.subarray(cmap!.offset, cmap!.offset + cmap!.length);
}

/** The code points a cmap maps to a glyph (formats 4 and 12, Windows Unicode). */
function codePoints(cmap: Buffer): Set<number> {
  const out = new Set<number>();
  const n = cmap.readUInt16BE(2);
  for (let r = 0; r < n; r++) {
    const platform = cmap.readUInt16BE(4 + r * 8);
    const enc = cmap.readUInt16BE(6 + r * 8);
    const t = cmap.subarray(cmap.readUInt32BE(8 + r * 8));
    if (platform !== 3 || (enc !== 1 && enc !== 10)) continue;
    const format = t.readUInt16BE(0);
    if (format === 12) {
      const groups = t.readUInt32BE(12);
      for (let g = 0; g < groups; g++) {
        const [start, end] = [t.readUInt32BE(16 + g * 12), t.readUInt32BE(20 + g * 12)];
        for (let c = start; c <= end; c++) out.add(c);
      }
    } else if (format === 4) {
      const segs = t.readUInt16BE(6) / 2;
      const ends = 14;
      const starts = ends + segs * 2 + 2;
      const deltas = starts + segs * 2;
      const ranges = deltas + segs * 2;
      for (let s = 0; s < segs; s++) {
        const end = t.readUInt16BE(ends + s * 2);
        const start = t.readUInt16BE(starts + s * 2);
        const delta = t.readInt16BE(deltas + s * 2);
        const ro = t.readUInt16BE(ranges + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let gid = 0;
          if (ro === 0) gid = (c + delta) & 0xffff;
          else {
            const g = t.readUInt16BE(ranges + s * 2 + ro + (c - start) * 2);
            gid = g === 0 ? 0 : (g + delta) & 0xffff;
          }
          if (gid) out.add(c);
        }
      }
    }
  }
  return out;
}

function clientChars(): Map<string, string> {
  const where = new Map<string, string>();
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx|css|html)$/.test(f)) for (const ch of readFileSync(p, 'utf8').match(WIDE) ?? []) if (!where.has(ch)) where.set(ch, p.slice(SRC.length + 1));
    }
  };
  walk(SRC);
  return where;
}

describe('the shipped Chinese font', () => {
  const used = clientChars();

  it('is used: the client has Chinese text (i18n.ts, places.zh.ts)', () => {
    expect(used.size).toBeGreaterThan(400);
    for (const ch of '中文里斯本哥本哈根亚特兰大（），') expect(used.has(ch), ch).toBe(true);
  });

  it.each(FILES)('%s has a glyph for every Chinese character of the client (else: python web/scripts/subset-font.py)', (f) => {
    const have = codePoints(woff2Cmap(readFileSync(join(FONTS, f))));
    const missing = [...used].filter(([ch]) => !have.has(ch.codePointAt(0)!)).map(([ch, p]) => `${ch} (${p})`);
    expect(missing).toEqual([]);
    // a subset: not much beyond what the client uses (text since removed aside)
    expect(have.size).toBeLessThanOrEqual(used.size * 1.1 + 8);
  });

  it('is small and carries its licence', () => {
    const kb = FILES.reduce((s, f) => s + statSync(join(FONTS, f)).size, 0) / 1024;
    expect(kb).toBeLessThanOrEqual(300);
    expect(readFileSync(join(FONTS, 'OFL.txt'), 'utf8')).toContain('SIL OPEN FONT LICENSE Version 1.1');
  });

  it('is declared for Chinese text only, from the client itself, after the system fonts', () => {
    const css = readFileSync(join(SRC, 'app/fonts.css'), 'utf8');
    for (const f of FILES) expect(css).toContain(`url('./fonts/${f}') format('woff2')`);
    expect(css).not.toMatch(/https?:|\/\//);
    expect(css.match(/unicode-range: U\+2E80-2FFF, U\+3000-303F, U\+3100-9FFF, U\+F900-FAFF, U\+FF00-FFEF;/g)).toHaveLength(2);
    // each stack: a system Chinese font first, the shipped one just before the generic family
    const stacks = [...css.matchAll(/font-family: ([^;]+);/g)].map((m) => m[1].replace(/\s+/g, ' ')).filter((s) => s.includes(','));
    expect(stacks.length).toBe(3);
    for (const s of stacks) {
      expect(s).toMatch(/'TTR Sans SC', (sans-serif|serif)$/);
      expect(s.indexOf("'Noto Sans CJK SC'") >= 0 || s.indexOf("'Noto Serif CJK SC'") >= 0, s).toBe(true);
    }
    // and no italics in Chinese (the Legacy stubs' labels)
    expect(css).toMatch(/\.ttr-board:lang\(zh\) \.ttr-stub-label \{\s*font-style: normal;/);
    expect(readFileSync(join(SRC, 'app/main.tsx'), 'utf8')).toMatch(/import '\.\/styles\.css';\nimport '\.\/fonts\.css';/);
  });
});
