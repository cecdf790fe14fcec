// Every place a board names has a Chinese name, and the client names places through names.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { boardText, entryPlaceTitle, routeName, routeTitle } from '../../src/app/game';
import type { LogEntry } from '../../src/app/types';
import { colorName, setLang } from '../../src/app/i18n';
import { cityName, leadsToName, placeTitle, ticketName, ticketTitle } from '../../src/app/names';
import { ZH_PLACES, ZH_RULEBOOK } from '../../src/app/places.zh';
import { MAP_NAMES, readMap } from '../maps';

const CJK = /^[\u4e00-\u9fff]+(?:-[\u4e00-\u9fff]+)?$/;

afterEach(() => setLang('en'));

describe.each(MAP_NAMES)('%s', (name) => {
  const map = readMap(name);

  it('has a Chinese name for every city and junction, all different', () => {
    const zh = map.cities.map((c) => cityName(c.name, 'zh'));
    for (const [i, c] of map.cities.entries()) expect(zh[i], c.name).toMatch(CJK);
    const seen = new Map<string, string>();
    for (const [i, c] of map.cities.entries()) {
      expect(seen.get(zh[i]), `${c.name} and ${seen.get(zh[i])} are both ${zh[i]}`).toBeUndefined();
      seen.set(zh[i], c.name);
    }
  });

  it('says where the edge stubs lead in Chinese', () => {
    for (const s of map.edge_stubs ?? []) expect(leadsToName(s.leads_to, 'zh'), s.leads_to).toMatch(/^[\u4e00-\u9fff]+（[\u4e00-\u9fff]+）$/);
  });
});

describe('the place names table', () => {
  it('has no name no board uses (a misspelt key would be one)', () => {
    const used = new Set<string>();
    for (const n of MAP_NAMES) {
      const m = readMap(n);
      for (const c of m.cities) used.add(c.name);
      for (const s of m.edge_stubs ?? []) for (const part of /^(.*?) \((.*)\)$/.exec(s.leads_to)!.slice(1)) used.add(part);
    }
    expect(Object.keys(ZH_PLACES).filter((k) => !used.has(k))).toEqual([]);
  });

  it('notes only names it has as the rulebooks', () => {
    for (const k of Object.keys(ZH_RULEBOOK)) expect(ZH_PLACES[k], k).toBeTruthy();
  });

  it('gives one name to one city under its spellings', () => {
    expect(cityName('Montréal', 'zh')).toBe(cityName('Montreal', 'zh'));
    expect(cityName('Kobenhavn', 'zh')).toBe(cityName('København', 'zh'));
    expect(cityName('Sault St. Marie', 'zh')).toBe(cityName('Sault Ste. Marie', 'zh'));
    expect(cityName('Saint Louis', 'zh')).toBe(cityName('St. Louis', 'zh'));
  });
});

describe('names in the language', () => {
  it('keeps the map names in English, with no tooltip', () => {
    expect(cityName('Lisboa', 'en')).toBe('Lisboa');
    expect(placeTitle('Lisboa', 'en')).toBeUndefined();
    expect(ticketName(['Paris', 'Wien'], 'en')).toBe('Paris → Wien');
    expect(ticketTitle(['Paris', 'Wien'], 'en')).toBeUndefined();
  });

  it('names cities and tickets in Chinese, the Latin names as the tooltip', () => {
    expect(cityName('Lisboa', 'zh')).toBe('里斯本');
    expect(placeTitle('Lisboa', 'zh')).toBe('Lisboa');
    expect(ticketName(['Paris', 'Wien'], 'zh')).toBe('巴黎 → 维也纳');
    expect(ticketTitle(['Paris', 'Wien'], 'zh')).toBe('Paris → Wien');
    expect(leadsToName('Houston (Open Range)', 'zh')).toBe('休斯敦（开阔牧场）');
  });

  it('follows the chosen language by default', () => {
    setLang('zh');
    expect(cityName('Atlanta')).toBe('亚特兰大');
    const map = readMap('europe');
    const r = map.routes.find((x) => x.cities.includes('Paris') && x.cities.includes('Bruxelles'))!;
    expect(routeName(map, r.id)).toBe(`${cityName(r.cities[0])} – ${cityName(r.cities[1])}`);
    expect(routeName(map, r.id)).toMatch(/巴黎/);
    setLang('en');
    expect(routeName(map, r.id)).toMatch(/Paris/);
  });

  it('gives the board its words', () => {
    const zh = boardText('zh');
    expect(zh.lang).toBe('zh-CN');
    expect(zh.city('København')).toBe('哥本哈根');
    expect(zh.stub('Tampa (Florida)')).toBe('通往坦帕（佛罗里达）');
    expect(zh.legend).toBe('铁路公司');
    setLang('zh');
    const map = readMap('europe');
    const tunnel = map.routes.find((r) => r.tunnel)!;
    const [a, b] = tunnel.cities;
    expect(zh.routeTitle!(tunnel)).toBe(`${cityName(a, 'zh')} – ${cityName(b, 'zh')}（${a} – ${b}）：${tunnel.length} 格，${colorName(tunnel.color)}，隧道`);
    expect(zh.cityTitle!({ name: 'Lisboa', xy: null })).toBe('里斯本（Lisboa）');
    expect(zh.cityTitle!({ name: 'Boston', xy: null, big: true })).toBe('波士顿（Boston）：大城市');
    expect(zh.cityTitle!({ name: 'Lake Huron', xy: null, junction: true })).toBe('休伦湖（Lake Huron）：交汇点，不是城市');
    setLang('en');
    const en = boardText('en');
    expect(en.routeTitle).toBeUndefined(); // the board's own English
    expect(en.cityTitle).toBeUndefined();
    expect([en.lang, en.city('København'), en.stub('Tampa (Florida)'), en.legend]).toEqual(['en', 'København', 'to Tampa (Florida)', 'Railroad companies']);
  });
});

describe('tooltips of routes and log entries', () => {
  const map = readMap('europe');
  const r = map.routes.find((x) => x.cities.includes('Paris') && x.cities.includes('Bruxelles'))!;
  const claim = { ply: 3, seat: 0, kind: 'claim', target: r.id, text: '', cards: {} } as unknown as LogEntry;
  const station = { ply: 4, seat: 1, kind: 'station', target: 'Wien', text: '', cards: {} } as unknown as LogEntry;
  const draw = { ply: 5, seat: 1, kind: 'draw', target: 'deck', text: '', cards: {} } as unknown as LogEntry;

  it('give the Latin names in Chinese', () => {
    setLang('zh');
    expect(routeTitle(map, r.id)).toBe(`${r.cities[0]} – ${r.cities[1]}`);
    expect(entryPlaceTitle(claim, map)).toBe(`${r.cities[0]} – ${r.cities[1]}`);
    expect(entryPlaceTitle(station, map)).toBe('Wien');
    expect(entryPlaceTitle(draw, map)).toBeUndefined();
  });

  it('are not needed in English', () => {
    expect(routeTitle(map, r.id)).toBeUndefined();
    expect(entryPlaceTitle(claim, map)).toBeUndefined();
    expect(entryPlaceTitle(station, map)).toBeUndefined();
  });
});
