// <Board> for Preact screens: mounts createBoard() and passes state changes to update().
import { h, type CSSProperties } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { createBoard, type BoardHandle, type BoardOptions, type BoardText } from './index';
import type { OverlayPatch } from './overlay';
import type { MapData } from './types';

export interface BoardProps {
  map: MapData;
  /** the game state; each change is passed to handle.update (only the overlay is redrawn) */
  state?: OverlayPatch;
  colorBlind?: boolean;
  onRouteClick?: (id: number) => void;
  onCityClick?: (name: string) => void;
  onRouteHover?: (id: number | null) => void;
  onCityHover?: (name: string | null) => void;
  /** see BoardOptions.text; the board is drawn again when its `lang` changes */
  text?: BoardText;
  /** see BoardOptions.minLabelPx (read when the board is drawn) */
  minLabelPx?: number;
  /** receives the handle (zoom buttons of your own, layout) once the board is drawn */
  onReady?: (board: BoardHandle) => void;
  class?: string;
  style?: string | CSSProperties;
}

export function Board(props: BoardProps) {
  const host = useRef<HTMLDivElement>(null);
  const board = useRef<BoardHandle | null>(null);
  // the latest callbacks, so the board is not rebuilt when they change
  const cb = useRef(props);
  cb.current = props;

  useEffect(() => {
    const opts: BoardOptions = {
      colorBlind: cb.current.colorBlind,
      state: cb.current.state,
      onRouteClick: (id) => cb.current.onRouteClick?.(id),
      onCityClick: (n) => cb.current.onCityClick?.(n),
      onRouteHover: (id) => cb.current.onRouteHover?.(id),
      onCityHover: (n) => cb.current.onCityHover?.(n),
      minLabelPx: cb.current.minLabelPx,
      text: cb.current.text,
    };
    const t0 = performance.now();
    const b = createBoard(host.current!, props.map, opts);
    board.current = b;
    // how long the first render takes: building the SVG, then until the next frame is drawn
    const built = performance.now() - t0;
    const stat = { map: props.map.name, build: Math.round(built), ms: Math.round(built), painted: false, sinceLoad: 0 };
    (globalThis as unknown as { __ttrBoard?: typeof stat }).__ttrBoard = stat;
    requestAnimationFrame(() =>
      setTimeout(() => {
        stat.ms = Math.round(performance.now() - t0);
        stat.sinceLoad = Math.round(performance.now()); // from the page's navigation start
        stat.painted = true;
      }, 0),
    );
    cb.current.onReady?.(b);
    return () => {
      b.destroy();
      board.current = null;
    };
  }, [props.map, props.text?.lang]);

  useEffect(() => {
    if (props.state) board.current?.update(props.state);
  }, [props.state]);

  useEffect(() => {
    board.current?.setColorBlind(!!props.colorBlind);
  }, [props.colorBlind]);

  return h('div', { ref: host, class: props.class, style: props.style });
}
