import type { MapData } from '../board/types';

/** The map with positions filled in (from `xy`) for the cities that have none. */
export function withLayout(map: MapData, xy: Record<string, [number, number]>): MapData {
  return {
    ...map,
    cities: map.cities.map((c) => (c.xy ? c : { ...c, xy: xy[c.name] ?? null })),
  };
}
