// The lobby's campaign entry: a new Legacy campaign (players, their companies, who plays each:
// me, another player here, a friend by link, a bot), and the campaigns this browser takes part in.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { botOption, colorName, t } from '../i18n';
import { allCampaignTokens, forgetCampaign, getPrefs, saveCampaign } from '../store';
import type { BotInfo, CampaignSummary } from '../types';
import { Modal, NameInput } from './Common';
import { Icon } from './Icons';
import { errorText } from './GameScreen';

const COMPANIES = ['blue', 'red', 'green', 'yellow', 'black'];
type Kind = 'here' | 'friend' | 'bot';
interface PlayerForm {
  kind: Kind;
  name: string;
  company: string;
  bot: string;
}

function NewCampaign({ bots, onClose }: { bots: BotInfo[]; onClose: () => void }) {
  const [players, setPlayers] = useState<PlayerForm[]>([
    { kind: 'here', name: getPrefs().name, company: 'blue', bot: 'planner' },
    { kind: 'bot', name: '', company: 'red', bot: 'planner' },
  ]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const edit = (i: number, patch: Partial<PlayerForm>) => setPlayers(players.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const setCount = (k: number) => {
    const next = players.slice(0, k);
    while (next.length < k) {
      const free = COMPANIES.find((c) => !next.some((p) => p.company === c)) ?? 'blue';
      next.push({ kind: 'bot', name: '', company: free, bot: 'planner' });
    }
    setPlayers(next);
  };
  const nameOf = (p: PlayerForm, i: number) =>
    (p.name.trim() || (p.kind === 'bot' ? t('bot_named', { n: i + 1, level: p.bot }) : t('player_name_ph', { n: i + 1 }))).slice(0, 40);
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = {
        pack: 'demo',
        players: players.map((p, i) => ({
          name: nameOf(p, i),
          company: p.company,
          kind: p.kind === 'bot' ? 'bot' : 'human',
          ...(p.kind === 'bot' ? { bot: p.bot } : {}),
        })),
      };
      const c = await api.createCampaign(body);
      const here: Record<string, string> = {};
      const links: Record<string, string> = {};
      c.players.forEach((p) => {
        if (!p.token) return;
        if (players[p.idx].kind === 'here') here[String(p.idx)] = p.token;
        else links[String(p.idx)] = p.token;
      });
      saveCampaign({ id: c.id, players: here, links, admin: c.admin_token, created: Date.now() });
      location.hash = `#/c/${c.id}`;
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={t('cp_new')} onClose={onClose}>
      <div class="cp-new">
        <p class="muted small">{t('cp_intro')}</p>
        <p class="muted small">{t('cp_pack_demo')}</p>
        <label>
          {t('players')}{' '}
          <select value={players.length} onChange={(e) => setCount(Number((e.target as HTMLSelectElement).value))} data-field="cp-players">
            {[2, 3, 4, 5].map((k) => (
              <option value={k}>{k}</option>
            ))}
          </select>
        </label>
        <ol class="seat-list">
          {players.map((p, i) => (
            <li class="seat-form cp-player-form" data-player-form={i}>
              <select value={p.company} onChange={(e) => edit(i, { company: (e.target as HTMLSelectElement).value })} aria-label={t('company')} data-field="company">
                {COMPANIES.map((c) => (
                  <option value={c}>{colorName(c)}</option>
                ))}
              </select>
              <select value={p.kind} onChange={(e) => edit(i, { kind: (e.target as HTMLSelectElement).value as Kind })} aria-label={t('seat_kind')} data-field="kind">
                <option value="here">{i === 0 ? t('kind_me') : t('kind_local')}</option>
                <option value="friend">{t('kind_friend')}</option>
                <option value="bot">{t('kind_bot')}</option>
              </select>
              {p.kind === 'bot' ? (
                <select value={p.bot} onChange={(e) => edit(i, { bot: (e.target as HTMLSelectElement).value })} aria-label={t('level')} data-field="bot">
                  {bots.map((b) => (
                    <option value={b.name}>{botOption(b.name)}</option>
                  ))}
                </select>
              ) : (
                <NameInput value={p.name} index={i} onInput={(name) => edit(i, { name })} />
              )}
            </li>
          ))}
        </ol>
        {error ? (
          <p class="error-box" role="alert">
            {error}
          </p>
        ) : null}
        <button type="button" class="btn primary big" disabled={busy} onClick={create} data-action="create-campaign">
          {busy ? t('cp_creating') : t('cp_create')}
        </button>
      </div>
    </Modal>
  );
}

function phaseLine(c: CampaignSummary): string {
  if (c.phase === 'finished') return t('cp_phase_finished');
  if (c.phase === 'playing') return t('cp_phase_playing', { n: c.game, year: c.year });
  if (c.phase === 'removal') return t('cp_removal_short', { n: c.game });
  return t('cp_phase_ready', { n: c.game, year: c.year });
}

/** The lobby's section: new campaign, the campaigns held here (resume, status). */
export function CampaignSection({ bots }: { bots: BotInfo[] }) {
  const [mine, setMine] = useState<CampaignSummary[] | null>(null);
  const [creating, setCreating] = useState(false);
  const load = () => {
    const tokens = allCampaignTokens();
    (tokens.length ? api.myCampaigns(tokens) : Promise.resolve([])).then(setMine, () => setMine([]));
  };
  useEffect(load, []);
  return (
    <section class="card-box" data-list="campaigns" aria-label={t('cp_section')}>
      <h2>{t('cp_section')}</h2>
      <p class="muted small">{t('cp_intro')}</p>
      <ul class="game-list">
        {(mine ?? []).map((c) => (
          <li class="game-row" data-campaign={c.id}>
            <span class="game-map">{t('cp_game_of', { n: c.game, year: c.year })}</span>
            <span class="game-names">{c.players.map((p) => p.name).join(', ')}</span>
            <span class="game-state">{phaseLine(c)}</span>
            <span class="game-buttons">
              <a class="btn small primary" href={`#/c/${c.id}`} data-action="open-campaign">
                {t('resume')}
              </a>
              <button
                type="button"
                class="btn small ghost"
                onClick={() => {
                  forgetCampaign(c.id);
                  load();
                }}
                title={t('forget')}
                aria-label={t('forget')}
              >
                <Icon name="cross" size={14} />
              </button>
            </span>
          </li>
        ))}
      </ul>
      <button type="button" class="btn" onClick={() => setCreating(true)} data-action="new-campaign">
        {t('cp_new')}
      </button>
      {creating ? <NewCampaign bots={bots} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
