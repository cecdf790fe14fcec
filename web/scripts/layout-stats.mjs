// How crowded each laid-out board is: cars overlapping cars of other routes, cars over
// cities, labels that had to cover a car or sit ambiguously, curved routes, layout time.
//   node scripts/layout-stats.mjs [pitchQuantile]      (V=1 lists the overlapping route ids)
import { createServer } from 'vite';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const server = await createServer({ root, logLevel: 'error', server: { middlewareMode: true, hmr: false } });
const L = await server.ssrLoadModule('/src/board/layout.ts');
const G = await server.ssrLoadModule('/src/board/geometry.ts');
const fx = JSON.parse(readFileSync(root + '/src/preview/fixtures/great-lakes-xy.json', 'utf8')).xy;
const q = process.argv[2] ? Number(process.argv[2]) : undefined;
for (const name of ['europe', 'usa', 'nordic', 'world', 'great-lakes', 'legends-west']) {
  const m = JSON.parse(readFileSync(resolve(root, `../ttr/maps/data/${name}.json`), 'utf8'));
  if (name === 'great-lakes') m.cities = m.cities.map((c) => ({ ...c, xy: c.xy ?? fx[c.name] }));
  const t0 = performance.now();
  const lay = L.layoutBoard(m, q ? { pitchQuantile: q } : {});
  const ms = performance.now() - t0;
  const cars = [];
  for (const r of lay.routes) for (const c of r.cars) if (!c.clip) cars.push({ id: r.id, pair: [...r.route.cities].sort().join('|'), c, k: G.rectCorners(c, c.len - 2, c.wid - 2) });
  let cc = 0; const pairs = new Set();
  for (let i = 0; i < cars.length; i++) for (let j = i + 1; j < cars.length; j++) {
    const a = cars[i], b = cars[j];
    if (a.id === b.id) continue;
    if (Math.hypot(a.c.x - b.c.x, a.c.y - b.c.y) > 60) continue;
    if (G.polygonsOverlap(a.k, b.k)) { cc++; pairs.add(`${a.id}/${b.id}`); }
  }
  let cityHits = 0;
  for (const ci of lay.cities) for (const x of cars) {
    const r = lay.routes.find((r) => r.id === x.id);
    if (r.route.cities.includes(ci.name)) continue;
    if (G.circleHitsRect(ci, ci.r, x.c, x.c.len, x.c.wid)) cityHits++;
  }
  const badLabels = lay.cities.filter((c) => c.label && c.label.cost > 0).map((c) => `${c.name}:${c.label.cost}`);
  const curved = lay.routes.filter((r) => r.curved).length;
  const b = lay.bounds;
  console.log(`${name}: ${ms.toFixed(0)}ms scale ${lay.scale.toFixed(3)} size ${(b.x1 - b.x0).toFixed(0)}x${(b.y1 - b.y0).toFixed(0)} carOverlaps ${cc} cityHits ${cityHits} curved ${curved} badLabels ${badLabels.length}: ${badLabels.join(', ')}`);
  if (process.env.V) console.log('  overlaps', [...pairs].join(' '));
}
await server.close();
