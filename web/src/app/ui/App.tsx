// The app: routes by the URL's hash (#/ lobby, #/g/<id> a game, #/join/<id>/<token> a join
// link, #/replay/<id> the replay viewer), and the preferences every screen reads.
import { useEffect, useState } from 'preact/hooks';
import { setLang } from '../i18n';
import { addToken, getPrefs, onPrefs, type Prefs } from '../store';
import { GameScreen } from './GameScreen';
import { Lobby } from './Lobby';
import { ReplayScreen } from './Replay';

export function usePrefs(): Prefs {
  const [, setN] = useState(0);
  useEffect(() => onPrefs(() => setN((n) => n + 1)), []);
  return getPrefs();
}

type Route = { page: 'lobby' } | { page: 'game'; id: string } | { page: 'replay'; id: string };

export function parseHash(hash: string): Route | { page: 'join'; id: string; token: string } {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'g' && parts[1]) return { page: 'game', id: parts[1] };
  if (parts[0] === 'replay' && parts[1]) return { page: 'replay', id: parts[1] };
  if (parts[0] === 'join' && parts[1] && parts[2]) return { page: 'join', id: parts[1], token: parts[2] };
  return { page: 'lobby' };
}

export function App() {
  const prefs = usePrefs();
  setLang(prefs.lang);
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const f = () => setHash(location.hash);
    window.addEventListener('hashchange', f);
    return () => window.removeEventListener('hashchange', f);
  }, []);
  useEffect(() => {
    document.documentElement.classList.toggle('cb-on', prefs.colorBlind);
    document.documentElement.classList.toggle('no-anim', !prefs.animations);
  }, [prefs.colorBlind, prefs.animations]);
  let route = parseHash(hash);
  if (route.page === 'join') {
    // keep the seat's token, and show the game under its own address (the token leaves the URL)
    addToken(route.id, route.token);
    history.replaceState(null, '', `#/g/${encodeURIComponent(route.id)}`);
    route = { page: 'game', id: route.id };
  }
  if (route.page === 'game') return <GameScreen key={route.id} id={route.id} />;
  if (route.page === 'replay') return <ReplayScreen key={route.id} id={route.id} />;
  return <Lobby />;
}
