// The board files, read from ttr/maps/data, for the tests.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MapData } from '../src/board/types';
import { withLayout } from '../src/preview/maps-util';
import fixture from '../src/preview/fixtures/great-lakes-xy.json';

export const MAP_NAMES = ['europe', 'usa', 'nordic', 'world', 'great-lakes', 'legends-west'];

export function readMap(name: string): MapData {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, `../../ttr/maps/data/${name}.json`), 'utf8')) as MapData;
}

/** The map, with the Great Lakes fixture layout filled in where the file has no xy. */
export function drawableMap(name: string): MapData {
  const m = readMap(name);
  return name === 'great-lakes' ? withLayout(m, fixture.xy as unknown as Record<string, [number, number]>) : m;
}

/** An empty page with one 800x600 host element for a board (happy-dom tests). */
export function mountHost(): HTMLDivElement {
  document.body.innerHTML = '';
  const host = document.createElement('div');
  host.style.width = '800px';
  host.style.height = '600px';
  document.body.appendChild(host);
  return host;
}
