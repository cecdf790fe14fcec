// Types of a board file (format `ttr-map/1`, see docs/map-format.md).

export const CARD_COLORS = ['purple', 'blue', 'orange', 'white', 'green', 'yellow', 'black', 'red'] as const;
export type CardColor = (typeof CARD_COLORS)[number];
export type RouteColor = CardColor | 'gray';

export interface City {
  name: string;
  /** layout position in board pixels, or null where the source has none */
  xy: [number, number] | null;
  harbor?: boolean;
  junction?: boolean;
  big?: boolean;
}

/** [x, y, angle in degrees] of one route space */
export type SpaceXY = [number, number, number];

export interface Route {
  id: number;
  cities: [string, string];
  length: number;
  color: RouteColor;
  tunnel?: boolean;
  locomotives?: number;
  any_four?: boolean;
  kind?: 'train' | 'ship';
  pairs?: number;
  wraparound?: boolean;
  spaces?: SpaceXY[];
}

export interface EdgeStub {
  id: string;
  city: string;
  color: RouteColor;
  length: number;
  leads_to: string;
}

export interface Company {
  color: CardColor;
  name: string;
}

export interface Ticket {
  id: number;
  cities: string[];
  points: number;
  long?: boolean;
  tour?: boolean;
  points_any_order?: number;
  penalty?: number;
}

export interface MapData {
  format?: string;
  name: string;
  title?: string;
  source?: string;
  status?: string;
  known_gaps?: string[];
  cities: City[];
  routes: Route[];
  double_routes?: number[][];
  tickets?: Ticket[];
  edge_stubs?: EdgeStub[];
  companies?: Company[];
}
