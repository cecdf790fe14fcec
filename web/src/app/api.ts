// The server's HTTP API and WebSocket (docs/protocol.md).
import type { BotInfo, CampaignCreated, CampaignSummary, CampaignView, Created, Envelope, GameSummary, LogEntry, MapInfo, ReplayRecord, ReplayStep } from './types';
import type { MapData } from '../board/index';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let r: Response;
  try {
    r = await fetch(path, { ...init, headers: { 'Content-Type': 'application/json', ...(init?.headers ?? {}) } });
  } catch (e) {
    throw new ApiError(0, 'network', String(e));
  }
  const text = await r.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!r.ok) {
    const b = (body ?? {}) as { error?: string; detail?: string };
    throw new ApiError(r.status, b.error ?? 'http-error', b.detail ?? text.slice(0, 200));
  }
  return body as T;
}

const post = <T>(path: string, body: unknown, token?: string) =>
  call<T>(path, { method: 'POST', body: JSON.stringify(body), headers: token ? { Authorization: `Bearer ${token}` } : {} });
const auth = (token?: string | null) => (token ? { headers: { Authorization: `Bearer ${token}` } } : undefined);

export const api = {
  maps: () => call<MapInfo[]>('/api/maps'),
  bots: () => call<BotInfo[]>('/api/bots'),
  create: (body: unknown) => post<Created>('/api/games', body),
  mine: (tokens: string[]) => post<GameSummary[]>('/api/games/mine', { tokens }),
  list: (status: 'playing' | 'over', limit = 30) => call<GameSummary[]>(`/api/games?status=${status}&limit=${limit}`),
  view: (id: string, token?: string | null) => call<Envelope>(`/api/games/${encodeURIComponent(id)}`, auth(token)),
  log: (id: string, since = 0) => call<{ log: LogEntry[]; log_from: number }>(`/api/games/${encodeURIComponent(id)}/log?since=${since}`),
  replay: (id: string) => call<ReplayRecord>(`/api/games/${encodeURIComponent(id)}/replay`),
  replayStep: (id: string, ply: number) => call<ReplayStep>(`/api/games/${encodeURIComponent(id)}/replay/${ply}`),
  seat: (id: string, seat: number, token: string, kind: 'bot' | 'human', bot?: string) =>
    post<unknown>(`/api/games/${encodeURIComponent(id)}/seats/${seat}`, { kind, bot: bot ?? null }, token),
  // Legacy campaigns
  createCampaign: (body: unknown) => post<CampaignCreated>('/api/campaigns', body),
  myCampaigns: (tokens: string[]) => post<CampaignSummary[]>('/api/campaigns/mine', { tokens }),
  campaign: (id: string, token?: string | null) => call<CampaignView>(`/api/campaigns/${encodeURIComponent(id)}`, auth(token)),
  startCampaignGame: (id: string, token: string, absent: string[]) =>
    post<CampaignView>(`/api/campaigns/${encodeURIComponent(id)}/games`, { absent }, token),
  removeEvent: (id: string, token: string, event: string) =>
    post<CampaignView>(`/api/campaigns/${encodeURIComponent(id)}/removal`, { event }, token),
};

const mapCache = new Map<string, Promise<MapData>>();
export function fetchMap(name: string): Promise<MapData> {
  return cached(name, `/api/maps/${encodeURIComponent(name)}`);
}

/** The board a game is played on (a Legacy campaign's may grow from game to game). */
export function fetchGameMap(id: string): Promise<MapData> {
  return cached(`game:${id}`, `/api/games/${encodeURIComponent(id)}/board`);
}

/** The board of a campaign as it now stands. */
export function fetchCampaignBoard(id: string): Promise<MapData> {
  return call<MapData>(`/api/campaigns/${encodeURIComponent(id)}/board`);
}

function cached(key: string, path: string): Promise<MapData> {
  let p = mapCache.get(key);
  if (!p) {
    p = call<MapData>(path);
    p.catch(() => mapCache.delete(key));
    mapCache.set(key, p);
  }
  return p;
}

export type SocketStatus = 'connecting' | 'open' | 'closed' | 'failed';

export interface Update {
  env: Envelope;
  log: LogEntry[];
  /** entries new in this update (after an undo: none, and the log is shorter) */
  fresh: LogEntry[];
}

/**
 * One seat's (or a spectator's) live connection: the latest view and the whole log, kept up
 * to date from the server's pushes; moves and undos are sent on it and answered by ack or error.
 */
export class GameSocket {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private seq = 0;
  private pending = new Map<string, { resolve: () => void; reject: (e: ApiError) => void; timer: ReturnType<typeof setTimeout> }>();
  log: LogEntry[] = [];
  env: Envelope | null = null;

  constructor(
    readonly gameId: string,
    readonly token: string | null,
    private readonly onUpdate: (u: Update, sock: GameSocket) => void,
    private readonly onStatus: (s: SocketStatus, err?: ApiError) => void = () => {},
  ) {
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    this.onStatus('connecting');
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const q = this.token ? `?token=${encodeURIComponent(this.token)}` : '';
    const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(this.gameId)}${q}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.onStatus('open');
    };
    ws.onmessage = (ev) => this.message(JSON.parse(String(ev.data)));
    ws.onclose = (ev) => {
      this.ws = null;
      for (const [id, p] of this.pending) {
        clearTimeout(p.timer);
        p.reject(new ApiError(0, 'network', 'the connection was lost'));
        this.pending.delete(id);
      }
      if (this.closed) return;
      if (ev.code >= 4000 && ev.code < 5000) {
        this.onStatus('failed', new ApiError(ev.code - 4000, ev.code === 4401 ? 'bad-token' : 'not-found', ev.reason || ''));
        return;
      }
      this.onStatus('closed');
      const wait = Math.min(5000, 300 * 2 ** this.retry++);
      setTimeout(() => this.connect(), wait);
    };
  }

  private message(m: Record<string, unknown>): void {
    if (m.type === 'update') {
      const from = m.log_from as number;
      const fresh = m.log as LogEntry[];
      this.log = this.log.slice(0, from).concat(fresh);
      const env = { ...m } as unknown as Envelope & { type?: string; log?: unknown; log_from?: unknown };
      delete env.type;
      delete env.log;
      delete env.log_from;
      this.env = env;
      this.onUpdate({ env, log: this.log, fresh }, this);
    } else if (m.type === 'ack' || m.type === 'error') {
      const p = this.pending.get(String(m.id));
      if (!p) {
        if (m.type === 'error') this.onStatus('open', new ApiError(Number(m.status), String(m.error), String(m.detail)));
        return;
      }
      clearTimeout(p.timer);
      this.pending.delete(String(m.id));
      if (m.type === 'ack') p.resolve();
      else p.reject(new ApiError(Number(m.status), String(m.error), String(m.detail)));
    }
  }

  private send(msg: Record<string, unknown>): Promise<void> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new ApiError(0, 'network', 'not connected'));
    const id = `m${++this.seq}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ApiError(0, 'timeout', 'no answer from the server'));
      }, 20000);
      this.pending.set(id, { resolve, reject, timer });
      ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  act(action: string, turn: number): Promise<void> {
    return this.send({ type: 'action', action, turn });
  }

  undo(turn: number): Promise<void> {
    return this.send({ type: 'undo', turn });
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
