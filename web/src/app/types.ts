// The server's protocol (docs/protocol.md) as TypeScript types: only what the client reads.

export type Counts = Record<string, number>;

export interface Part {
  take: number;
  from: Counts;
  /** more than above[k] of at least one kind k listed here */
  above?: Counts;
}

export interface Family {
  base: Counts;
  parts: Part[];
}

export interface Payments {
  count: number;
  first: string;
  list?: string[];
  families?: Family[];
}

export interface LegalGroup {
  kind: string;
  targets?: unknown[];
  texts?: string[];
  payments?: Payments;
}

export interface TicketInfo {
  id: number;
  cities: string[];
  points: number;
  long?: boolean;
}

export interface You {
  seat: number;
  hand: Counts;
  tickets: TicketInfo[];
  offer: number[];
  trains: number;
  stations_left: number;
  score: number;
  ships?: number;
  harbors_left?: number;
  pieces_choice?: [number, number] | null;
}

export interface PlayerInfo {
  seat: number;
  hand_size: number;
  tickets: number;
  offer_size: number;
  trains: number;
  stations: string[];
  score: number;
  ships?: number;
  box?: { trains: number; ships: number };
  harbors?: string[];
  exchanged?: number;
  pieces_chosen?: boolean;
}

export interface Pile {
  size: number;
  discard: Counts;
}

export interface Tunnel {
  route: number;
  cards: string;
  revealed: string[];
  extra: number;
}

export interface PlayerResult {
  seat: number;
  total: number;
  rank: number;
  route_points?: number;
  ticket_points?: number;
  tickets_completed?: number[];
  tickets_failed?: number[];
  longest_path?: number;
  bonuses?: Record<string, number>;
  stations_built?: number;
  station_points?: number;
  stations_borrowed?: Record<string, number>;
  trains_left?: number;
  exchange_points?: number;
  tours?: Record<string, string>;
  harbors_built?: number;
  harbor_points?: number;
  ships_left?: number;
  // Legacy
  money_held?: number;
  remaining_trains_bonus?: number;
  raw_total?: number;
}

export interface Result {
  players: PlayerResult[];
  ranking: number[];
  winners: number[];
  over?: boolean;
  unit?: string;
  last_place?: number;
}

export interface LegacyEvent {
  id: string;
  name: string;
  kind: 'lightning' | 'persistent' | string;
  text: string;
  demo?: boolean;
}

export interface LegacyStep {
  number: number;
  kind: string;
  amount: number;
  color: string | null;
  min_length: number;
  big_city: boolean;
  label: string;
}

export interface LegacyBlock {
  setup: { companies: string[]; company_bonus: number; trains: number; steps: LegacyStep[]; year?: number; demo?: boolean };
  money: number[];
  current_event: LegacyEvent | null;
  event_discard?: unknown[];
  event_deck_size?: number;
  claim_steps?: LegacyStep[];
  ledger?: unknown[];
}

export interface View {
  map: string;
  title: string;
  num_players: number;
  seat: number | null;
  phase: string;
  current_player: number;
  turn: number;
  ply: number;
  face_up: (string | null)[];
  deck_size: number;
  discard: Counts;
  decks: Record<string, Pile>;
  ticket_pile_size: number;
  routes: Record<string, number>;
  stations: Record<string, number>;
  harbors: Record<string, number>;
  tunnel: Tunnel | null;
  last_round: boolean;
  final_turns: number;
  passes: number;
  first_player: number;
  you: You | null;
  players: PlayerInfo[];
  legal: LegalGroup[] | null;
  legal_count: number;
  result: Result | null;
  edition: LegacyBlock | null;
}

export interface PublicSeat {
  seat: number;
  kind: 'human' | 'bot';
  bot: string | null;
  name: string | null;
  has_token: boolean;
}

export interface Envelope {
  id: string;
  turn: number;
  seat: number | null;
  status: 'playing' | 'over';
  can_undo: boolean;
  seats: PublicSeat[];
  view: View;
}

export interface LogEvent {
  event: string;
  [k: string]: unknown;
}

export interface LogEntry {
  ply: number;
  seat: number;
  turn: number;
  kind: string;
  action?: string;
  kept?: number;
  events?: LogEvent[];
  at?: number;
  text?: string;
}

export interface GameSummary {
  id: string;
  map: string;
  players: number;
  status: 'playing' | 'over';
  turn: number;
  to_move: number | null;
  created: number;
  updated: number;
  result: { totals: number[]; ranking: number[]; winners: number[] } | null;
  seats: PublicSeat[];
  my_seats?: number[];
  creator?: boolean;
}

export interface MapInfo {
  name: string;
  title: string;
  min_players: number;
  max_players: number;
}

export interface BotInfo {
  name: string;
  description: string;
}

export interface Created {
  id: string;
  seats: { seat: number; kind: string; bot: string | null; name: string | null; token: string | null }[];
  admin_token: string;
}

export interface ReplayRecord {
  id: string;
  map: string;
  players: number;
  seed: number;
  history: string[];
  history_seats: number[];
  result: Result;
}

export interface ReplayStep {
  id: string;
  ply: number;
  plies: number;
  seats: PublicSeat[];
  view: View;
  hands: You[];
}
