// Getting a map: from a URL (the server's /api/maps/{name}, or a JSON file) or an object.
import type { MapData } from './types';

export class MapLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MapLoadError';
  }
}

/** Checks the parts of a map the board draws; returns it typed, or throws MapLoadError. */
export function checkMap(data: unknown, where = 'map'): MapData {
  const m = data as Partial<MapData> | null;
  if (!m || typeof m !== 'object') throw new MapLoadError(`${where}: not a JSON object`);
  if (typeof m.name !== 'string') throw new MapLoadError(`${where}: no "name"`);
  if (!Array.isArray(m.cities)) throw new MapLoadError(`${where}: no "cities" list`);
  if (!Array.isArray(m.routes)) throw new MapLoadError(`${where}: no "routes" list`);
  const names = new Set(m.cities.map((c) => c?.name));
  m.routes.forEach((r, i) => {
    if (!r || !Array.isArray(r.cities) || r.cities.length !== 2) {
      throw new MapLoadError(`${where}: routes[${i}] has no two cities`);
    }
    for (const c of r.cities) if (!names.has(c)) throw new MapLoadError(`${where}: routes[${i}] (id ${r.id}): unknown city '${c}'`);
    if (!Number.isInteger(r.length) || r.length < 1) throw new MapLoadError(`${where}: routes[${i}] (id ${r.id}): bad length`);
  });
  return m as MapData;
}

/**
 * A map from a URL (fetched as JSON) or an object already in hand (checked, not copied).
 * The game server serves the boards at `/api/maps/{name}`.
 */
export async function loadMap(source: string | URL | MapData, fetchImpl: typeof fetch = fetch): Promise<MapData> {
  if (typeof source === 'string' || source instanceof URL) {
    const url = String(source);
    let res: Response;
    try {
      res = await fetchImpl(url);
    } catch (e) {
      throw new MapLoadError(`${url}: ${(e as Error).message}`);
    }
    if (!res.ok) throw new MapLoadError(`${url}: HTTP ${res.status}`);
    let data: unknown;
    try {
      data = await res.json();
    } catch {
      throw new MapLoadError(`${url}: not JSON`);
    }
    return checkMap(data, url);
  }
  return checkMap(source);
}

/** The server's URL for a board by name. */
export function mapUrl(name: string, base = '/api/maps/'): string {
  return `${base}${encodeURIComponent(name)}`;
}
