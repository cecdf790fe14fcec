// @vitest-environment happy-dom
// The campaign screen's pieces: its routes, the tokens a browser keeps, the standings, the postcards'
// place (each public side; a secret side only where the server sent one: the holder's).
import { h, render, type ComponentChild } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../../src/app/i18n';
import { addCampaignToken, campaignTokens, heldCampaign, saveCampaign } from '../../src/app/store';
import type { CampaignView } from '../../src/app/types';
import { parseHash } from '../../src/app/ui/App';
import { Postcards, Standings } from '../../src/app/ui/Campaign';

afterEach(() => setLang('en'));

function mount(node: ComponentChild): HTMLElement {
  const host = document.createElement('div');
  render(node, host);
  return host;
}

const companies = [
  { player: 'Ann', company: 'blue', office: { company_bonus: 3, caboose: true, money: 0, cards: 0 }, vault: 40, vault_items: [], games_played: [1, 2], games_absent: [] },
  { player: 'Bob', company: 'red', office: { company_bonus: 3, caboose: false, money: 0, cards: 0 }, vault: 52, vault_items: [], games_played: [1], games_absent: [2] },
];
const arc = [
  { game: 1, year: 1865, over: true, players: ['Ann', 'Bob'], absent: [], slips: { Ann: 15, Bob: 52 }, winner: 'Bob' },
  { game: 2, year: 1868, over: true, players: ['Ann', 'Cy'], absent: ['Bob'], slips: { Ann: 25 }, winner: 'Ann' },
];
const view = (extra: Partial<CampaignView> = {}) =>
  ({
    id: 'c1',
    you: 0,
    players: [{ idx: 0, name: 'Ann' }, { idx: 1, name: 'Bob' }],
    postcards: null,
    status: { companies, arc, caboose: 'Ann', standings: null },
    ...extra,
  }) as unknown as CampaignView;

describe('the campaign screen', () => {
  it('routes a campaign and a campaign player link', () => {
    expect(parseHash('#/c/abc')).toEqual({ page: 'campaign', id: 'abc' });
    expect(parseHash('#/cjoin/abc/tok-1')).toEqual({ page: 'cjoin', id: 'abc', token: 'tok-1' });
  });

  it('keeps a link token until its player is known, with the creator token last', () => {
    saveCampaign({ id: 'k', players: { '0': 'mine' }, admin: 'adm', created: 0 });
    addCampaignToken('k', 'friend');
    addCampaignToken('k', 'mine'); // already known: not pending again
    expect(heldCampaign('k')!.pending).toEqual(['friend']);
    expect(campaignTokens(heldCampaign('k')!)).toEqual(['mine', 'friend', 'adm']);
  });

  it('shows the vaults in order, then each game slip, away where a player missed a game', () => {
    const host = mount(h(Standings, { view: view() }));
    const rows = [...host.querySelectorAll('tbody tr')].map((r) => [
      r.getAttribute('data-player'),
      ...[...r.querySelectorAll('td')].map((c) => c.textContent),
    ]);
    expect(rows).toEqual([
      ['Bob', '$52', '$52', 'away'],
      ['Ann', '$40', '$15', '$25'],
    ]);
    expect(host.querySelector('tr[data-player="Ann"] [data-caboose]')).not.toBeNull();
  });

  it('shows the postcards as sent: public sides, and a secret side only where one came', () => {
    expect(mount(h(Postcards, { view: view() })).textContent).toBe('');
    const drawn = [
      { number: 3, holder: 'Ann', public: 'Go west', secret: 'Reach Denver', done: null },
      { number: 7, holder: 'Bob', public: 'Ship by rail', secret: null, done: null },
    ];
    const text = mount(h(Postcards, { view: view({ postcards: { drawn, left: 9 } }) })).textContent!;
    expect(text).toContain('Go west');
    expect(text).toContain('Reach Denver');
    expect(text).toContain('Ship by rail');
    expect(text).toContain('9 postcards not drawn yet');
    expect(text.match(/Secret side/g)).toHaveLength(1);
  });
});
