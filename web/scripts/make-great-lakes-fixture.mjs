// Writes src/preview/fixtures/great-lakes-xy.json: a layout for the Great Lakes board made
// from shared/map-sources/great_lakes_geography.json (board_xy_pct: percent of the
// 3000 x 1672 board scan), so the board can be drawn before great-lakes.json has xy.
// Usage: node scripts/make-great-lakes-fixture.mjs [path/to/great_lakes_geography.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const src = process.argv[2] ?? resolve(here, '../../../shared/map-sources/great_lakes_geography.json');
const geo = JSON.parse(readFileSync(src, 'utf8'));
const [W, H] = [3000, 1672];
const xy = {};
for (const c of geo.cities) {
  if (!c.board_xy_pct) continue;
  xy[c.name] = [Math.round((c.board_xy_pct[0] / 100) * W * 10) / 10, Math.round((c.board_xy_pct[1] / 100) * H * 10) / 10];
}
const out = {
  note: 'Test fixture, not map data: board_xy_pct of great_lakes_geography.json times the 3000 x 1672 scan size.',
  xy,
};
const dest = resolve(here, '../src/preview/fixtures/great-lakes-xy.json');
writeFileSync(dest, JSON.stringify(out, null, 1) + '\n');
console.log(`wrote ${Object.keys(xy).length} positions to ${dest}`);
