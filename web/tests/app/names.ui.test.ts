// @vitest-environment happy-dom
// The screens name places through names.ts: tickets and log lines in Chinese, the Latin names on hover.
import { h, render, type ComponentChild } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { routeName } from '../../src/app/game';
import { setLang } from '../../src/app/i18n';
import { entryWords, type LogContext } from '../../src/app/logtext';
import type { LogEntry, PublicSeat } from '../../src/app/types';
import { Log, TicketCard } from '../../src/app/ui/Panels';
import { readMap } from '../maps';

const map = readMap('europe');
const seats: PublicSeat[] = [0, 1].map((seat) => ({ seat, kind: 'human', bot: null, name: `P${seat}`, has_token: true }));
const ctx: LogContext = { map, seats };
const paris = map.routes.find((r) => r.cities.includes('Paris') && r.cities.includes('Bruxelles'))!;
const entry = (e: Partial<LogEntry> & Pick<LogEntry, 'kind'>): LogEntry => ({ ply: 1, seat: 0, turn: 0, at: 0, text: '', ...e });
const station = entry({ kind: 'station', target: 'Frankfurt', cards: { blue: 1 } });
const claim = entry({ kind: 'claim', ply: 2, target: paris.id, cards: { red: 2 } });

afterEach(() => setLang('en'));

function mount(node: ComponentChild): HTMLElement {
  const host = document.createElement('div');
  render(node, host);
  return host;
}

describe('tickets', () => {
  const tk = { id: 1, cities: ['Paris', 'Wien'], points: 8 };

  it('name their cities in Chinese, in Latin on hover', () => {
    setLang('zh');
    const el = mount(h(TicketCard, { tk })).querySelector('.ticket-cities')!;
    expect(el.textContent).toBe('巴黎 → 维也纳');
    expect(el.getAttribute('title')).toBe('Paris → Wien');
  });

  it('stay in the map names in English, with no tooltip', () => {
    const el = mount(h(TicketCard, { tk })).querySelector('.ticket-cities')!;
    expect(el.textContent).toBe('Paris → Wien');
    expect(el.hasAttribute('title')).toBe(false);
  });
});

describe('log lines', () => {
  it('name stations and routes in Chinese, in Latin on hover', () => {
    setLang('zh');
    expect(entryWords(station, ctx)).toContain('法兰克福');
    expect(entryWords(claim, ctx)).toContain(routeName(map, paris.id));
    expect(routeName(map, paris.id)).toMatch(/巴黎/);
    const lines = [...mount(h(Log, { log: [station, claim], ctx, onHover: () => {} })).querySelectorAll('li.log-entry')];
    expect(lines.map((li) => li.getAttribute('title'))).toEqual(['Frankfurt', `${paris.cities[0]} – ${paris.cities[1]}`]);
  });

  it('keep the map names in English', () => {
    expect(entryWords(station, ctx)).toContain('Frankfurt');
    const lines = [...mount(h(Log, { log: [station, claim], ctx, onHover: () => {} })).querySelectorAll('li.log-entry')];
    expect(lines.map((li) => li.hasAttribute('title'))).toEqual([false, false]);
  });
});
