// board.html: look at any board without the server.
//   ?map=europe            a board bundled from ttr/maps/data (or great-lakes-fixture)
//   &demo=1                a made-up game state on top (claims, stations, harbors, highlight)
//   &cb=1                  colour-blind letters on
//   &src=/api/maps/europe  load the map from a URL instead (the game server's API)
//   &lang=zh               the names in Chinese
import { h, render } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { Board } from '../board/preact';
import { describeRoute, loadMap, type BoardHandle, type MapData, type OverlayPatch } from '../board/index';
import { bundledMap, MAP_NAMES } from './maps';
import { demoState } from './demo';
import { loadChineseFont } from '../app/fonts';
import { boardText } from '../app/game';
import '../app/fonts.css';
import './preview.css';

const params = new URLSearchParams(location.search);
const text = boardText(params.get('lang') === 'zh' ? 'zh' : 'en');

function setParam(key: string, value: string | null) {
  const p = new URLSearchParams(location.search);
  if (value === null) p.delete(key);
  else p.set(key, value);
  history.replaceState(null, '', `${location.pathname}?${p}`);
}

function App() {
  const [name, setName] = useState(params.get('map') ?? 'europe');
  const [src] = useState(params.get('src'));
  const [demo, setDemo] = useState(params.get('demo') === '1');
  const [cb, setCb] = useState(params.get('cb') === '1');
  const [map, setMap] = useState<MapData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [picked, setPicked] = useState<{ routes: number[]; cities: string[] } | null>(null);

  useEffect(() => {
    setMap(null);
    setError(null);
    setPicked(null);
    (src ? loadMap(src) : bundledMap(name)).then(setMap, (e: Error) => setError(e.message));
  }, [name, src]);

  const state = useMemo<OverlayPatch>(() => {
    const base: OverlayPatch = map && demo ? demoState(map) : {
      players: [], claims: {}, stations: [], harbors: [],
      highlight: { routes: [], cities: [] }, selectable: { routes: null, cities: null },
    };
    if (picked) base.highlight = picked;
    return base;
  }, [map, demo, picked]);

  const onRouteClick = (id: number) => {
    const r = map?.routes.find((x) => x.id === id);
    if (!r) return;
    setStatus(`Route ${id}: ${describeRoute(r)}`);
    setPicked({ routes: [id], cities: [] });
  };
  const onCityClick = (city: string) => {
    setStatus(`City: ${city}`);
    setPicked({ routes: [], cities: [city] });
  };
  const onReady = (b: BoardHandle) => {
    (window as unknown as { board: BoardHandle }).board = b;
    if (!b.ok) setStatus('');
    else setStatus(`${b.layout!.title}: ${map!.cities.length} cities, ${map!.routes.length} routes`);
  };

  return h('div', { class: 'pv' }, [
    h('header', { class: 'pv-bar' }, [
      h('label', null, [
        'Map ',
        h(
          'select',
          {
            value: name,
            disabled: !!src,
            onChange: (e: Event) => {
              const v = (e.target as HTMLSelectElement).value;
              setName(v);
              setParam('map', v);
            },
          },
          MAP_NAMES.map((n) => h('option', { value: n }, n)),
        ),
      ]),
      h('label', null, [
        h('input', {
          type: 'checkbox',
          checked: demo,
          onChange: (e: Event) => {
            const on = (e.target as HTMLInputElement).checked;
            setDemo(on);
            setParam('demo', on ? '1' : null);
          },
        }),
        ' demo state',
      ]),
      h('label', null, [
        h('input', {
          type: 'checkbox',
          checked: cb,
          onChange: (e: Event) => {
            const on = (e.target as HTMLInputElement).checked;
            setCb(on);
            setParam('cb', on ? '1' : null);
          },
        }),
        ' colour letters',
      ]),
      h('span', { class: 'pv-status', role: 'status' }, status),
    ]),
    error
      ? h('div', { class: 'pv-error' }, error)
      : map
        ? h(Board, {
            key: map.name,
            class: 'pv-board',
            map,
            state,
            colorBlind: cb,
            text,
            onRouteClick,
            onCityClick,
            onReady,
          })
        : h('div', { class: 'pv-loading' }, 'Loading…'),
  ]);
}

void loadChineseFont().then(() => render(h(App, null), document.getElementById('app')!));
