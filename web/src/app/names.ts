// Place names as the player reads them: in Chinese the places' Chinese names (places.zh.ts), the
// map files' Latin names otherwise. The client keeps the Latin name for everything it sends and
// shows it on hover (`placeTitle`).
import { getLang } from './i18n';
import { ZH_PLACES } from './places.zh';
import type { Lang } from './store';

/** A city's (or a junction's) name in the language. */
export function cityName(name: string, lang: Lang = getLang()): string {
  return lang === 'zh' ? (ZH_PLACES[name] ?? name) : name;
}

/** The Latin name, as a tooltip, where `cityName` shows another; else undefined. */
export function placeTitle(name: string, lang: Lang = getLang()): string | undefined {
  return cityName(name, lang) === name ? undefined : name;
}

/** A ticket's cities (a tour's in order): "Paris → Wien", "巴黎 → 维也纳". */
export function ticketName(cities: readonly string[], lang: Lang = getLang()): string {
  return cities.map((c) => cityName(c, lang)).join(' → ');
}

/** A ticket's or a route's cities in Latin, for a tooltip, where the shown names differ. */
export function ticketTitle(cities: readonly string[], lang: Lang = getLang()): string | undefined {
  return cities.some((c) => placeTitle(c, lang) !== undefined) ? cities.join(' → ') : undefined;
}

/** An edge stub's destination, "Houston (Open Range)": "休斯敦（开阔牧场）". */
export function leadsToName(text: string, lang: Lang = getLang()): string {
  if (lang !== 'zh') return text;
  const m = /^(.*?) \((.*)\)$/.exec(text);
  return m ? `${cityName(m[1], lang)}（${cityName(m[2], lang)}）` : cityName(text, lang);
}
