// English texts say "1 ticket" and "2 tickets", never "ticket(s)"; Chinese texts have no plurals.
import { afterEach, describe, expect, it } from 'vitest';
import { EN, setLang, t } from '../../src/app/i18n';

afterEach(() => setLang('en'));

describe('t() and plurals', () => {
  it('chooses the singular for exactly 1 and the plural otherwise', () => {
    expect(t('log_keep', { who: 'Ada', n: 1 })).toBe('Ada keeps 1 ticket');
    expect(t('log_keep', { who: 'Ada', n: 3 })).toBe('Ada keeps 3 tickets');
    expect(t('prompt_tunnel', { n: 1 })).toBe('Tunnel: pay 1 more card, or give up');
    expect(t('prompt_tunnel', { n: 0 })).toBe('Tunnel: pay 0 more cards, or give up');
    expect(t('log_exchange_ts', { who: 'Ben', n: 1 })).toBe('Ben exchanges 1 train for a ship');
    expect(t('ev_pieces_one', { who: 'Cy', t: 1, s: 24 })).toBe('Cy 1 train and 24 ships');
    expect(t('route_desc', { len: 1, color: 'black' })).toBe('1 space, black');
    // a missing parameter leaves its place as it was
    expect(t('log_keep', { who: 'Ada' })).toBe('Ada keeps {n} {n|ticket|tickets}');
  });

  it('leaves no "(s)" in any English text', () => {
    expect(Object.entries(EN).filter(([, v]) => v.includes('(s)'))).toEqual([]);
  });

  it('writes Chinese without plural forms', () => {
    setLang('zh');
    expect(t('log_keep', { who: 'Ada', n: 1 })).not.toContain('|');
    expect(t('log_keep', { who: 'Ada', n: 2 })).toContain('2');
  });
});
