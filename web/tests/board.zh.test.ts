// @vitest-environment happy-dom
// The board in Chinese: Chinese labels, the map's Latin names on hover and in what it sends.
import { beforeEach, describe, expect, it } from 'vitest';
import { boardText } from '../src/app/game';
import { setLang } from '../src/app/i18n';
import { createBoard } from '../src/board/index';
import { drawableMap, mountHost } from './maps';

let host: HTMLDivElement;
beforeEach(() => {
  host = mountHost();
});

const label = (svg: SVGSVGElement, city: string) => svg.querySelector(`.ttr-labels [data-city="${city}"]`)!;

describe('createBoard with Chinese text', () => {
  it('prints Chinese names, says the Latin name on hover, and marks the SVG as Chinese', () => {
    const b = createBoard(host, drawableMap('europe'), { text: boardText('zh') });
    expect(b.svg!.getAttribute('lang')).toBe('zh-CN');
    const l = label(b.svg!, 'Lisboa');
    expect(l.firstChild!.textContent).toBe('里斯本');
    expect(l.querySelector('title')!.textContent).toBe('Lisboa');
  });

  it('gives routes and cities Chinese tooltips with the Latin names, also to screen readers', () => {
    setLang('zh');
    const map = drawableMap('europe');
    const b = createBoard(host, map, { text: boardText('zh') });
    const r = map.routes.find((x) => x.cities.includes('Lisboa'))!;
    const g = b.svg!.querySelector(`.ttr-routes [data-route="${r.id}"]`)!;
    const words = boardText('zh').routeTitle!(r);
    expect(words).toMatch(/^[\u4e00-\u9fff]+ – [\u4e00-\u9fff]+（/);
    expect(g.querySelector(':scope > title')!.textContent).toBe(words);
    expect(g.getAttribute('aria-label')).toBe(words);
    const city = b.svg!.querySelector('g.ttr-city[data-city="Lisboa"]')!;
    expect(city.querySelector(':scope > title')!.textContent).toBe('里斯本（Lisboa）');
    expect(city.getAttribute('aria-label')).toBe('里斯本（Lisboa）');
    setLang('en');
  });

  it('keeps the English tooltips without a Chinese text', () => {
    const map = drawableMap('europe');
    const b = createBoard(host, map, { text: boardText('en') });
    const r = map.routes.find((x) => x.cities.includes('Lisboa'))!;
    const g = b.svg!.querySelector(`.ttr-routes [data-route="${r.id}"]`)!;
    expect(g.querySelector(':scope > title')!.textContent).toMatch(new RegExp(`^${r.cities[0]} – ${r.cities[1]}: ${r.length} train space`));
    expect(g.getAttribute('aria-label')).toMatch(/^Route \d+: /);
  });

  it('sends the map name when a Chinese label is clicked', () => {
    const got: string[] = [];
    const b = createBoard(host, drawableMap('europe'), { text: boardText('zh'), onCityClick: (n) => got.push(n) });
    label(b.svg!, 'Wien').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(got).toEqual(['Wien']);
  });

  it('adds no tooltip to names printed as the map has them', () => {
    const b = createBoard(host, drawableMap('europe'));
    expect(b.svg!.getAttribute('lang')).toBe('en');
    expect(label(b.svg!, 'Lisboa').textContent).toBe('Lisboa');
    expect(b.svg!.querySelector('.ttr-labels title')).toBeNull();
  });

  it('prints the Legacy legend and stubs in Chinese', () => {
    const b = createBoard(host, drawableMap('legends-west'), { text: boardText('zh') });
    expect(b.svg!.textContent).toContain('铁路公司');
    expect(b.svg!.textContent).toMatch(/通往[\u4e00-\u9fff]+（/);
  });

  it("names a piece's owner in the board's language: claims, stations", () => {
    setLang('zh');
    const b = createBoard(host, drawableMap('europe'), { text: boardText('zh') });
    b.update({ players: [{ name: 'Ada' }, { name: 'Ben' }], claims: { 1: 1 }, stations: [{ city: 'Berlin', player: 0 }] });
    expect(b.svg!.querySelector('[data-claim="1"] > title')!.textContent).toBe('Ben 占领');
    expect(b.svg!.querySelector('[data-station="Berlin"] > title')!.textContent).toBe('Ada 的车站');
    setLang('en');
    const en = createBoard(mountHost(), drawableMap('europe'));
    en.update({ players: [{ name: 'Ada' }], claims: { 1: 0 } });
    expect(en.svg!.querySelector('[data-claim="1"] > title')!.textContent).toBe('Claimed by Ada');
  });
});
