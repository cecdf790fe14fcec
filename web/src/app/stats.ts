// Each player's game in numbers, for the end screen: from the public log, the final routes and the
// result only (nothing a seat kept secret during the game).
import type { MapData } from '../board/index';
import { entryDraw, ticketById } from './game';
import { edgesOf, longestTrail, ownedRoutes } from './graph';
import type { LogEntry, PlayerResult } from './types';

export interface PlayerStats {
  seat: number;
  /** turns played (the opening ticket choice and Rails & Sails' piece choice not counted) */
  turns: number;
  /** cards taken face up, and blind from a deck */
  faceUp: number;
  blind: number;
  /** times tickets were drawn during the game; tickets kept in all (the opening choice too) */
  ticketDraws: number;
  ticketsKept: number;
  /** routes held at the end: how many, their spaces, and how many of each length (longest first) */
  routes: number;
  spaces: number;
  byLength: [length: number, count: number][];
  /** the longest continuous route (the result's when it has one) */
  longest: number;
  completed: number;
  failed: number;
  /** points of the tickets completed (a tour as scored) and lost to those failed (>= 0) */
  completedPoints: number;
  failedPoints: number;
}

/** Entries that set a seat up rather than play a turn: a ticket choice not after a ticket draw
 *  of the same seat (the opening one), and Rails & Sails' choice of pieces. */
function setupEntries(log: LogEntry[]): Set<LogEntry> {
  const out = new Set<LogEntry>();
  const prev = new Map<number, LogEntry>();
  for (const e of log) {
    if (e.kind === 'pieces' || (e.kind === 'keep' && prev.get(e.seat)?.kind !== 'tickets')) out.add(e);
    prev.set(e.seat, e);
  }
  return out;
}

export function playerStats(log: LogEntry[], routes: Record<string, number>, map: MapData, players: PlayerResult[]): PlayerStats[] {
  const setup = setupEntries(log);
  const lengthOf = new Map(map.routes.map((r) => [r.id, r.length]));
  return players.map((p) => {
    const mine = log.filter((e) => e.seat === p.seat);
    const turns = new Set(mine.filter((e) => !setup.has(e)).map((e) => e.turn)).size;
    let faceUp = 0;
    let blind = 0;
    for (const e of mine) {
      const d = entryDraw(e);
      if (d) d.card === 'deck' ? blind++ : faceUp++;
    }
    const owned = ownedRoutes(routes, p.seat);
    const count = new Map<number, number>();
    for (const id of owned) {
      const n = lengthOf.get(id) ?? 0;
      count.set(n, (count.get(n) ?? 0) + 1);
    }
    const completedPoints = (p.tickets_completed ?? []).reduce((sum, id) => {
      const tk = ticketById(map, id);
      if (!tk) return sum;
      return sum + (p.tours?.[String(id)] === 'any_order' ? (tk.points_any_order ?? tk.points) : tk.points);
    }, 0);
    return {
      seat: p.seat,
      turns,
      faceUp,
      blind,
      ticketDraws: mine.filter((e) => e.kind === 'tickets').length,
      ticketsKept: mine.reduce((n, e) => n + (e.kind === 'keep' ? (e.kept ?? 0) : 0), 0),
      routes: owned.length,
      spaces: owned.reduce((n, id) => n + (lengthOf.get(id) ?? 0), 0),
      byLength: [...count.entries()].sort((a, b) => b[0] - a[0]),
      longest: p.longest_path ?? longestTrail(edgesOf(map, owned)).length,
      completed: (p.tickets_completed ?? []).length,
      failed: (p.tickets_failed ?? []).length,
      completedPoints,
      // what the failed ones cost: the rest of the result's ticket points
      failedPoints: Math.max(0, completedPoints - (p.ticket_points ?? 0)),
    };
  });
}
