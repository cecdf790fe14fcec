// The server's protocol (docs/protocol.md) as TypeScript types. Nothing here is written by hand:
// the shapes are generated (api.gen.ts, `npm run gen-types`) from the server's /openapi.json,
// whose view, log entries and results are the engine's schema (ttr/engine/schema.py). This file
// only gives them the names the client uses.
import type { components } from './api.gen';

type Schemas = components['schemas'];

/** card name -> count (a hand, a payment, a discard pile, the tunnel's cards) */
export type Counts = Record<string, number>;

export type Part = Schemas['Part'];
export type Family = Schemas['Family'];
export type Payments = Schemas['Payments'];
export type LegalGroup = Schemas['LegalGroup'];
export type TicketInfo = Schemas['TicketInfo'];
export type You = Schemas['You'];
export type PlayerInfo = Schemas['PlayerInfo'];
export type Pile = Schemas['Pile'];
export type Tunnel = Schemas['TunnelInfo'];
export type Features = Schemas['Features'];
export type PlayerResult = Schemas['PlayerResult'];
export type Result = Schemas['Result'];
export type ResultSummary = Schemas['ResultSummary'];
export type LegacyEvent = Schemas['LegacyEvent'];
export type LegacyStep = Schemas['LegacyStep'];
export type LegacyBlock = Schemas['LegacyBlock'];
/** What one seat (or, with `seat`, `you` and `legal` null, a spectator) may see: the engine's view. */
export type View = Schemas['View'];
export type Phase = View['phase'];

export type PublicSeat = Schemas['PublicSeat'];
/** GET /api/games/{id}, and every WebSocket update around the log: the view and what surrounds it. */
export type Envelope = Schemas['GameView'];

export type LogEvent = Schemas['LogEvent'];
/** One entry of the public log: the action's kind, target (as data) and cards; `at`, `text` from the server. */
export type LogEntry = Schemas['LogLine'];

/** A listing's game; POST /api/games/mine adds the seats the tokens hold and whether one is the creator's. */
export type GameSummary = Schemas['GameSummary'] & Partial<Pick<Schemas['MyGame'], 'my_seats' | 'creator'>>;
export type MapInfo = Schemas['MapInfo'];
export type BotInfo = Schemas['BotInfo'];
export type Created = Schemas['GameCreated'];
export type ReplayRecord = Schemas['ReplayRecord'];
export type ReplayStep = Schemas['ReplayStep'];

/** Legacy campaigns (docs/protocol.md, "Campaigns"). */
export type CampaignView = Schemas['CampaignView'];
export type CampaignStatus = Schemas['CampaignStatus'];
export type CampaignPlayer = Schemas['CampaignPlayer'];
export type CampaignCreated = Schemas['CampaignCreated'];
/** A listing's campaign; POST /api/campaigns/mine adds the players the tokens are. */
export type CampaignSummary = Schemas['CampaignSummary'] & Partial<Pick<Schemas['MyCampaign'], 'my_players' | 'creator'>>;
