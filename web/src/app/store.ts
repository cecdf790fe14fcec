// What the browser keeps: the seat tokens of its games (localStorage) and the player's preferences.

export interface HeldGame {
  id: string;
  map: string;
  /** seat -> token, for the seats this browser plays (several: hot-seat) */
  seats: Record<string, string>;
  /** tokens whose seat is not known yet (a join link) */
  pending?: string[];
  admin?: string;
  created: number;
  /** the Legacy campaign this game is one of */
  campaign?: string;
}

/** A Legacy campaign this browser takes part in (or created). */
export interface HeldCampaign {
  id: string;
  /** player index -> token, for the players who play here */
  players: Record<string, string>;
  /** tokens whose player is not known yet (a join link) */
  pending?: string[];
  /** the creator's token, and the links to send to the friends (player index -> token) */
  admin?: string;
  links?: Record<string, string>;
  created: number;
}

export type Lang = 'en' | 'zh';
/** 'countdown': on a touch screen a claim goes ahead after a short countdown unless cancelled (else as 'always') */
export type ConfirmPref = 'always' | 'countdown' | 'never';

export interface Prefs {
  lang: Lang;
  colorBlind: boolean;
  animations: boolean;
  /** sounds: your turn, a claim, the end */
  sound: boolean;
  confirm: ConfirmPref;
  name: string;
}

const GAMES = 'ttr.games';
const CAMPAIGNS = 'ttr.campaigns';
const PREFS = 'ttr.prefs';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read<T>(key: string, dflt: T): T {
  try {
    const s = storage()?.getItem(key);
    return s ? { ...dflt, ...JSON.parse(s) } : dflt;
  } catch {
    return dflt;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: nothing kept */
  }
}

export function heldGames(): Record<string, HeldGame> {
  return read<Record<string, HeldGame>>(GAMES, {});
}

export function heldGame(id: string): HeldGame | null {
  return heldGames()[id] ?? null;
}

export function saveGame(g: HeldGame): void {
  const all = heldGames();
  all[g.id] = g;
  write(GAMES, all);
}

export function forgetGame(id: string): void {
  const all = heldGames();
  delete all[id];
  write(GAMES, all);
}

/** Keep a token from a join link (its seat is learnt from the first view). */
export function addToken(id: string, token: string, seat?: number, map = ''): HeldGame {
  const g = heldGame(id) ?? { id, map, seats: {}, created: Date.now() };
  if (seat !== undefined) g.seats[String(seat)] = token;
  else if (!Object.values(g.seats).includes(token)) g.pending = [...new Set([...(g.pending ?? []), token])];
  saveGame(g);
  return g;
}

export function heldCampaigns(): Record<string, HeldCampaign> {
  return read<Record<string, HeldCampaign>>(CAMPAIGNS, {});
}

export function heldCampaign(id: string): HeldCampaign | null {
  return heldCampaigns()[id] ?? null;
}

export function saveCampaign(c: HeldCampaign): void {
  const all = heldCampaigns();
  all[c.id] = c;
  write(CAMPAIGNS, all);
}

export function forgetCampaign(id: string): void {
  const all = heldCampaigns();
  delete all[id];
  write(CAMPAIGNS, all);
}

/** Keep a campaign player's token from a join link (their player is learnt from the status). */
export function addCampaignToken(id: string, token: string): HeldCampaign {
  const c = heldCampaign(id) ?? { id, players: {}, created: Date.now() };
  if (!Object.values(c.players).includes(token)) c.pending = [...new Set([...(c.pending ?? []), token])];
  saveCampaign(c);
  return c;
}

/** Every token of a held campaign: its players here, then the creator's. */
export function campaignTokens(c: HeldCampaign): string[] {
  return [...new Set([...Object.values(c.players), ...(c.pending ?? []), ...(c.admin ? [c.admin] : [])])];
}

export function allCampaignTokens(): string[] {
  return [...new Set(Object.values(heldCampaigns()).flatMap(campaignTokens))];
}

export function allTokens(): string[] {
  const out: string[] = [];
  for (const g of Object.values(heldGames())) {
    out.push(...Object.values(g.seats), ...(g.pending ?? []));
    if (g.admin) out.push(g.admin);
  }
  return [...new Set(out)];
}

function defaultLang(): Lang {
  const l = globalThis.navigator?.language ?? 'en';
  return l.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

const listeners = new Set<() => void>();
let prefs: Prefs = read<Prefs>(PREFS, { lang: defaultLang(), colorBlind: false, animations: true, sound: true, confirm: 'always', name: '' });

export function getPrefs(): Prefs {
  return prefs;
}

export function setPrefs(patch: Partial<Prefs>): void {
  prefs = { ...prefs, ...patch };
  write(PREFS, prefs);
  listeners.forEach((f) => f());
}

export function onPrefs(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}
