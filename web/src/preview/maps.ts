// The board files for the preview page, bundled from ttr/maps/data (one lazy chunk each).
import type { MapData } from '../board/types';
import greatLakesXy from './fixtures/great-lakes-xy.json';
import { withLayout } from './maps-util';

const files = import.meta.glob<MapData>('../../../ttr/maps/data/*.json', { import: 'default' });

const byName = new Map<string, () => Promise<MapData>>();
for (const [path, load] of Object.entries(files)) {
  byName.set(path.split('/').pop()!.replace(/\.json$/, ''), load);
}

/** Great Lakes with the fixture layout filled in where the map file has no xy. */
export const GREAT_LAKES_FIXTURE = 'great-lakes-fixture';


export const MAP_NAMES: string[] = [...[...byName.keys()].sort(), GREAT_LAKES_FIXTURE];

export async function bundledMap(name: string): Promise<MapData> {
  if (name === GREAT_LAKES_FIXTURE) {
    const m = await bundledMap('great-lakes');
    return { ...withLayout(m, greatLakesXy.xy as unknown as Record<string, [number, number]>), name: GREAT_LAKES_FIXTURE };
  }
  const load = byName.get(name);
  if (!load) throw new Error(`no board named "${name}" (known: ${MAP_NAMES.join(', ')})`);
  return structuredClone(await load());
}
