// A Legacy campaign between its games (and while one is played): what the table can see of it.
// The header says what comes next (play, the caboose holder's removal, the next game's start);
// below: the standings (vaults, then each game's bank slip), the board as it now stands, the offices and
// vaults, the events kept and removed, the story read, the boxes, the postcards. Everything here
// is what the server shows this browser's player (docs/protocol.md, "Campaigns").
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, fetchCampaignBoard } from '../api';
import { boardText } from '../game';
import { colorName, t } from '../i18n';
import { addToken, campaignTokens, heldCampaign, heldGame, saveCampaign, saveGame } from '../store';
import type { CampaignStatus, CampaignView } from '../types';
import type { MapData } from '../../board/index';
import { Board } from '../../board/preact';
import { usePrefs } from './App';
import { ErrorPage, LoadingPage, TopBar, useToasts, Toasts } from './Common';
import { Card, StepIcon } from './Card';
import { errorText } from './GameScreen';
import { Icon } from './Icons';
import { giftWords } from './Legacy';

export function campaignLink(id: string, token: string): string {
  return `${location.origin}${location.pathname}#/cjoin/${id}/${token}`;
}

/** Every view this browser may have of the campaign: one per token held (a player's, the creator's). */
async function loadViews(id: string): Promise<CampaignView[]> {
  const held = heldCampaign(id);
  const tokens = held ? campaignTokens(held) : [];
  const views = await Promise.all((tokens.length ? tokens : [null]).map((tok) => api.campaign(id, tok)));
  if (held) {
    // a join link's token: its player is known now
    let changed = false;
    views.forEach((v, i) => {
      const tok = tokens[i];
      if (tok && v.you !== null && held.players[String(v.you)] !== tok) {
        held.players[String(v.you)] = tok;
        held.pending = (held.pending ?? []).filter((x) => x !== tok);
        changed = true;
      }
    });
    if (changed) saveCampaign(held);
  }
  return views;
}

/** The campaign's game in progress, entered with the tokens of this browser's players seated in it. */
function enterGame(view: CampaignView, gid: string): void {
  const held = heldCampaign(view.id);
  const k = view.game;
  const seated = new Set(view.status.arc.find((r) => r.game === k)?.players ?? []);
  const h = heldGame(gid) ?? { id: gid, map: view.status.map, seats: {}, created: Date.now() };
  h.campaign = view.id;
  if (held?.admin) h.admin = held.admin;
  saveGame(h);
  for (const [idx, tok] of Object.entries(held?.players ?? {})) {
    const p = view.players[Number(idx)];
    if (p && seated.has(p.name) && !Object.values(h.seats).includes(tok)) addToken(gid, tok, undefined, view.status.map);
  }
  location.hash = `#/g/${gid}`;
}

export function CampaignScreen({ id }: { id: string }) {
  const prefs = usePrefs();
  const [views, setViews] = useState<CampaignView[] | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [map, setMap] = useState<MapData | null>(null);
  const [busy, setBusy] = useState(false);
  const toasts = useToasts();
  const reload = () =>
    loadViews(id).then(
      (v) => {
        setViews(v);
        setFatal(null);
      },
      (e) => setFatal(errorText(e)),
    );
  useEffect(() => {
    reload();
  }, [id]);
  const view = views ? (views.find((v) => v.you !== null) ?? views[0]) : null;
  const phase = view?.phase;
  const gameNo = view?.game;
  useEffect(() => {
    // the board as it now stands: again whenever the campaign moves to another game
    fetchCampaignBoard(id).then(setMap, (e) => toasts.push(errorText(e)));
  }, [id, gameNo, phase]);
  useEffect(() => {
    // while a game is played (or another player decides), look again now and then
    if (!view || view.phase === 'finished' || view.can_start || views?.some((v) => v.can_remove)) return;
    const timer = setInterval(reload, 2500);
    return () => clearInterval(timer);
  }, [views]);
  if (fatal && !views) return <ErrorPage message={fatal} />;
  if (!view || !views) return <LoadingPage text={t('loading')} />;
  const st = view.status;
  const starter = views.find((v) => v.can_start);
  const remover = views.find((v) => v.can_remove);
  const act = async (f: () => Promise<CampaignView>) => {
    setBusy(true);
    try {
      await f();
      await reload();
    } catch (e) {
      toasts.push(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const tokenOf = (v: CampaignView) => {
    const held = heldCampaign(id);
    if (!held) return '';
    return v.you !== null ? (held.players[String(v.you)] ?? '') : (held.admin ?? '');
  };
  return (
    <div class="campaign" data-phase={view.phase} data-game={view.game}>
      <TopBar title={t('cp_title')} />
      <main class="cp-main">
        <header class="cp-head card-box">
          <div class="cp-when">
            <span class="cp-year" data-year={view.year}>
              {view.phase === 'finished' ? t('cp_phase_finished') : t('cp_game_of', { n: view.game, year: view.year })}
            </span>
            <span class="muted cp-pack">{st.pack.demo ? t('cp_pack_demo') : st.pack.title}</span>
          </div>
          <Next view={view} starter={starter} remover={remover} busy={busy} tokenOf={tokenOf} act={act} />
        </header>
        <div class="cp-grid">
          <div class="cp-col">
            <Standings view={view} />
            <section class="card-box cp-board-box" aria-label={t('cp_board')}>
              <h2>{t('cp_board')}</h2>
              <p class="muted small">{t('cp_board_note', { cities: st.board.cities, routes: st.board.routes })}</p>
              {map ? <Board key={map.cities.length} map={map} text={boardText(prefs.lang)} colorBlind={prefs.colorBlind} class="cp-board" /> : <div class="cp-board" />}
              {st.board.frontiers.length ? (
                <ul class="cp-list cp-frontiers">
                  {st.board.frontiers.map((f) => (
                    <li data-frontier={f.id}>
                      <b>{f.name}</b> <span class="muted small">{t('cp_frontier_added', { n: f.game })}</span>
                      <div class="small">{f.cities.join(', ')}</div>
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="muted small">{t('cp_no_frontier')}</p>
              )}
            </section>
            <Links id={id} view={view} />
          </div>
          <div class="cp-col">
            <Offices st={st} />
            <Events st={st} />
            <Story st={st} />
            <Boxes st={st} />
            <Postcards view={view} />
          </div>
        </div>
      </main>
      <Toasts toasts={toasts} />
    </div>
  );
}

function Next({ view, starter, remover, busy, tokenOf, act }: {
  view: CampaignView;
  starter?: CampaignView;
  remover?: CampaignView;
  busy: boolean;
  tokenOf: (v: CampaignView) => string;
  act: (f: () => Promise<CampaignView>) => void;
}) {
  const [away, setAway] = useState<Set<string>>(new Set());
  const st = view.status;
  if (view.phase === 'playing' && view.game_id) {
    // "play" if one of this browser's players sits in the game (hot-seat: any of them), else "watch"
    const seated = st.arc.find((r) => r.game === view.game)?.players ?? [];
    const here = Object.keys(heldCampaign(view.id)?.players ?? {}).map((i) => view.players[Number(i)]?.name);
    const mine = here.some((n) => n !== undefined && seated.includes(n));
    return (
      <div class="cp-next" data-next="play">
        <p>{t('cp_phase_playing', { n: view.game, year: view.year })}</p>
        <button type="button" class="btn primary big" onClick={() => enterGame(view, view.game_id!)} data-action="play-game">
          {mine ? t('cp_play', { n: view.game }) : t('cp_watch', { n: view.game })}
        </button>
      </div>
    );
  }
  if (view.phase === 'removal') {
    const choices = st.pending?.choices ?? [];
    if (!remover) return <p class="cp-next" data-next="wait-removal">{t('cp_remove_wait', { name: st.caboose })}</p>;
    return (
      <div class="cp-next" data-next="removal">
        <p>
          <b>{t('cp_remove_title', { n: view.game })}</b>
        </p>
        <ul class="cp-choices">
          {choices.map((e) => (
            <li>
              <button type="button" class="btn" disabled={busy} onClick={() => act(() => api.removeEvent(view.id, tokenOf(remover), e.id))} data-remove={e.id}>
                {t('cp_remove')}: {e.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (view.phase === 'ready') {
    if (!starter) return <p class="cp-next" data-next="wait-start">{t('cp_wait_start', { n: view.game })}</p>;
    return (
      <div class="cp-next" data-next="start">
        <p>{t('cp_phase_ready', { n: view.game, year: view.year })}</p>
        <fieldset class="cp-absent">
          <legend>{t('cp_absent')}</legend>
          {view.players.map((p) => (
            <label class="check small">
              <input
                type="checkbox"
                checked={away.has(p.name)}
                onChange={(e) => {
                  const next = new Set(away);
                  if ((e.target as HTMLInputElement).checked) next.add(p.name);
                  else next.delete(p.name);
                  setAway(next);
                }}
                data-absent={p.name}
              />
              {p.name}
            </label>
          ))}
        </fieldset>
        <button type="button" class="btn primary big" disabled={busy} onClick={() => act(() => api.startCampaignGame(view.id, tokenOf(starter), [...away]))} data-action="start-game">
          {t('cp_start', { n: view.game })}
        </button>
      </div>
    );
  }
  return <p class="cp-next" data-next="finished">{t('cp_phase_finished')}</p>;
}

type Gift = { money: number; draw: number; tickets: number };

/** A rule sticker off the claim steps in words: set-up places A-E, end-of-game steps, places of play Q-V. */
function stickerWords(r: Record<string, unknown>): string {
  const place = String(r.place);
  const label = r.label ? ` ${String(r.label)}` : '';
  const who = ['each', 'caboose', 'winner', 'last'].includes(String(r.to)) ? t(`cp_to_${String(r.to)}` as 'cp_to_each') : colorName(String(r.to));
  if (r.extra || r.trade) {
    const what: string[] = [];
    if (r.extra) what.push(t('offer_extra', { gives: giftWords(r.extra as Gift) }));
    if (r.trade) {
      const tr = r.trade as Gift & { cards: number; color: string | null };
      what.push(t('offer_trade', { n: tr.cards, colour: tr.color ? colorName(tr.color) : t('one_colour'), gives: giftWords(tr) }));
    }
    return t('cp_rule_play', { place, label, who, what: what.join('; ') });
  }
  const gives = giftWords({ money: Number(r.money ?? 0), draw: Number(r.cards ?? 0), tickets: 0 });
  return place.startsWith('end-')
    ? t('cp_rule_end', { step: place.slice(4), label, who, gives })
    : t('cp_rule_setup', { place, label, who, gives });
}

function Chip({ company }: { company: string }) {
  return <span class={`cp-chip co-${company}`} title={colorName(company)} aria-label={colorName(company)} />;
}

export function Standings({ view }: { view: CampaignView }) {
  const st = view.status;
  const arc = st.arc.filter((r) => r.over);
  const final = st.standings as { ranking?: { player: string; vault: number; rank: number }[] } | null;
  const rank = new Map((final?.ranking ?? []).map((r) => [r.player, r]));
  const rows = [...st.companies].sort((a, b) => b.vault - a.vault);
  return (
    <section class="card-box cp-standings" aria-label={t('cp_standings')}>
      <h2>{final ? t('cp_final') : t('cp_standings')}</h2>
      <div class="cp-table-wrap">
        <table class="cp-table">
          <thead>
            <tr>
              <th scope="col">{t('players')}</th>
              <th scope="col">{t('cp_vault')}</th>
              {arc.map((r) => (
                <th scope="col" title={String(r.year)}>
                  {t('cp_game_short', { n: r.game })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => {
              const me = view.you !== null && view.players[view.you]?.name === c.player;
              return (
                <tr data-player={c.player} class={me ? 'me' : ''}>
                  <th scope="row">
                    <Chip company={c.company} />
                    <span class="cp-name">{c.player}</span>
                    {c.office.caboose ? (
                      <span class="cp-caboose" title={t('cp_caboose')} aria-label={t('cp_caboose')} data-caboose="1">
                        <Icon name="train" size={16} />
                      </span>
                    ) : null}
                  </th>
                  <td class="cp-vault">
                    <b>${rank.get(c.player)?.vault ?? c.vault}</b>
                  </td>
                  {arc.map((r) => (
                    <td data-slip={r.game}>{c.player in r.slips ? `$${r.slips[c.player]}` : <span class="muted">{t('cp_absent_short')}</span>}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p class="small">
        <Icon name="train" size={14} /> {t('cp_caboose_holder', { name: st.caboose })}
        {arc.length ? <> · {arc.map((r) => t('cp_arc_winner', { n: r.game, name: r.winner ?? '—' })).join(' · ')}</> : null}
      </p>
    </section>
  );
}

function Offices({ st }: { st: CampaignStatus }) {
  return (
    <section class="card-box" aria-label={t('cp_offices')}>
      <h2>{t('cp_offices')}</h2>
      <ul class="cp-list">
        {st.companies.map((c) => (
          <li data-office={c.company}>
            <Chip company={c.company} /> <b>{c.player}</b>{' '}
            <span class="muted">
              {t('cp_office')}: {t('cp_bonus', { n: c.office.company_bonus })}
              {c.office.money ? ` · ${t('cp_office_money', { n: c.office.money })}` : ''}
              {c.office.cards ? ` · ${t('cp_office_cards', { n: c.office.cards })}` : ''}
              {c.office.caboose ? ` · ${t('cp_caboose')}` : ''}
            </span>
            <div class="small">
              {t('cp_vault')}: <b>${c.vault}</b>
              {c.vault_items.length ? ` · ${c.vault_items.map((i) => `${i.note} ($${i.money}, ${t('cp_game_short', { n: i.game })})`).join(', ')}` : ''}
              {c.games_absent.length ? ` · ${t('cp_absent_in', { games: c.games_absent.join(', '), k: c.games_absent.length })}` : ''}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Events({ st }: { st: CampaignStatus }) {
  return (
    <section class="card-box" aria-label={t('cp_events')}>
      <h2>{t('cp_events')}</h2>
      <h3>{t('cp_events_kept')}</h3>
      <ul class="cp-tags" data-events="box">
        {st.events.box.map((e) => (
          <li class={`cp-tag ev-${e.kind}`}>{e.name}</li>
        ))}
      </ul>
      <h3>{t('cp_events_removed')}</h3>
      {st.events.removed.length ? (
        <ul class="cp-list" data-events="removed">
          {st.events.removed.map((e) => (
            <li data-removed={e.id}>
              <s>{e.name}</s>{' '}
              <span class="muted small">
                {e.by === 'caboose' ? t('cp_removed_by', { n: e.game, name: e.player ?? '' }) : t('cp_removed_itself', { n: e.game })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted small">{t('cp_none_yet')}</p>
      )}
      {st.claim_steps.length ? (
        <>
          <h3>{t('claim_steps')}</h3>
          <ol class="cp-steps">
            {st.claim_steps.map((s) => (
              <li value={s.number} data-icon={s.icon ?? undefined}>
                {s.label}
                <StepIcon icon={s.icon} />
                {s.until_game ? <span class="muted small"> ({t('cp_until', { n: s.until_game })})</span> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {st.card_icons?.length ? (
        <>
          <h3>{t('cp_card_icons')}</h3>
          <p class="cp-icons">
            {st.card_icons.map((x) => (
              <span class="cp-icon" data-icon={x.icon} data-card={x.card}>
                {x.count} × <Card name={x.card === 'wild' ? 'locomotive' : x.card} small marks={{ [x.icon]: 1 }} />
              </span>
            ))}
          </p>
        </>
      ) : null}
      {st.rules.length ? (
        <>
          <h3>{t('cp_rules')}</h3>
          <ul class="cp-rules">
            {st.rules.map((r) => (
              <li data-place={String(r.place)}>
                {stickerWords(r)}
                {r.until_game ? <span class="muted small"> ({t('cp_until', { n: Number(r.until_game) })})</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {st.public_tickets.length ? (
        <p class="small" data-public-tickets={st.public_tickets.length}>
          {t('cp_public_tickets', {
            borders: st.public_tickets
              .map((b) => (b.until_game ? `${b.border} (${t('cp_until', { n: b.until_game })})` : b.border))
              .join(', '),
          })}
        </p>
      ) : null}
    </section>
  );
}

function Story({ st }: { st: CampaignStatus }) {
  const s = st.story;
  return (
    <section class="card-box cp-story" aria-label={t('cp_story')}>
      <h2>{t('cp_story')}</h2>
      {s.read.length ? (
        <ol class="cp-cards">
          {[...s.read].reverse().map((c) => (
            <li class="cp-card" data-story={c.id}>
              <div class="muted small">{t('cp_story_at', { n: c.game, point: t(c.point === 'setup' ? 'cp_point_setup' : 'cp_point_end') })}</div>
              <div>{c.a}</div>
              {c.b ? <div class="cp-back">{c.b}</div> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p class="muted small">{t('cp_story_none')}</p>
      )}
      {s.waiting ? (
        <p class="cp-card waiting" data-story-waiting={s.waiting.id}>
          <span class="muted small">{t('cp_story_waiting')}: </span>
          {s.waiting.a}
        </p>
      ) : null}
      <p class="muted small">{s.ended ? t('cp_story_ended') : t('cp_story_left', { n: s.left })}</p>
    </section>
  );
}

function Boxes({ st }: { st: CampaignStatus }) {
  return (
    <section class="card-box" aria-label={t('cp_boxes')}>
      <h2>{t('cp_boxes')}</h2>
      <ul class="cp-list">
        {st.boxes.map((b) => (
          <li data-box={b.id} data-open={b.open ? '1' : '0'}>
            <b>{b.name}</b> <span class="muted small">{b.open ? t('cp_box_opened', { n: b.opened_in ?? '?' }) : t('cp_box_closed')}</span>
            {b.open && b.text ? <div class="small">{b.text}</div> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface PostcardShown {
  number?: number;
  holder?: string | null;
  public?: string;
  secret?: string | null;
  condition?: string | null;
  done?: number | null;
  [k: string]: unknown;
}

/** The postcards, as the server shows them to this player (`{drawn, left}`, or a list): each public
 *  side, and a secret side where the server sent one (the player's own, or a card met). Shown once
 *  the campaign has any. */
export function Postcards({ view }: { view: CampaignView }) {
  const p = view.postcards as { drawn?: PostcardShown[]; left?: number } | PostcardShown[] | null;
  const cards = Array.isArray(p) ? p : (p?.drawn ?? null);
  if (!cards || !cards.length) return null;
  const left = Array.isArray(p) ? null : p?.left;
  return (
    <section class="card-box" aria-label={t('cp_postcards')} data-postcards="1">
      <h2>{t('cp_postcards')}</h2>
      <ul class="cp-list">
        {cards.map((c) => (
          <li data-postcard={c.number ?? ''}>
            {c.number !== undefined ? <span class="muted small">#{c.number} </span> : null}
            {c.holder ? <b>{c.holder}: </b> : null}
            {typeof c.public === 'string' ? c.public : ''}
            {typeof c.done === 'number' ? <span class="muted small"> · {t('cp_postcard_done', { n: c.done })}</span> : null}
            {typeof c.secret === 'string' ? <div class="small">{t('cp_postcard_secret', { text: c.secret })}</div> : null}
            {typeof c.condition === 'string' ? <div class="small muted">{c.condition}</div> : null}
          </li>
        ))}
      </ul>
      {typeof left === 'number' ? <p class="muted small">{t('cp_postcards_left', { n: left })}</p> : null}
    </section>
  );
}

function Links({ id, view }: { id: string; view: CampaignView }) {
  const held = useMemo(() => heldCampaign(id), [id]);
  const links = Object.entries(held?.links ?? {});
  if (!links.length) return null;
  return (
    <section class="card-box" aria-label={t('cp_links')}>
      <h2>{t('cp_links')}</h2>
      <p class="muted small">{t('cp_links_note')}</p>
      <ul class="share-list">
        {links.map(([idx, tok]) => (
          <li data-link-player={idx}>
            <span class="seat-label">{view.players[Number(idx)]?.name}</span>
            <input type="text" readOnly value={campaignLink(id, tok)} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          </li>
        ))}
      </ul>
    </section>
  );
}
