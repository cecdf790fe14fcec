// The app: routes by the URL's hash (#/ lobby, #/g/<id> a game, #/join/<id>/<token> a join
// link, #/replay/<id> the replay viewer, #/c/<id> a Legacy campaign, #/cjoin/<id>/<token> a
// campaign player's link), and the preferences every screen reads.
import { useEffect, useState } from 'preact/hooks';
import { setLang } from '../i18n';
import { addCampaignToken, addToken, getPrefs, onPrefs, type Prefs } from '../store';
import { CampaignScreen } from './Campaign';
import { GameScreen } from './GameScreen';
import { Lobby } from './Lobby';
import { ReplayScreen } from './Replay';

export function usePrefs(): Prefs {
  const [, setN] = useState(0);
  useEffect(() => onPrefs(() => setN((n) => n + 1)), []);
  return getPrefs();
}

type Route = { page: 'lobby' } | { page: 'game'; id: string } | { page: 'replay'; id: string } | { page: 'campaign'; id: string };

export function parseHash(hash: string): Route | { page: 'join' | 'cjoin'; id: string; token: string } {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'g' && parts[1]) return { page: 'game', id: parts[1] };
  if (parts[0] === 'replay' && parts[1]) return { page: 'replay', id: parts[1] };
  if (parts[0] === 'join' && parts[1] && parts[2]) return { page: 'join', id: parts[1], token: parts[2] };
  if (parts[0] === 'c' && parts[1]) return { page: 'campaign', id: parts[1] };
  if (parts[0] === 'cjoin' && parts[1] && parts[2]) return { page: 'cjoin', id: parts[1], token: parts[2] };
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
  if (route.page === 'cjoin') {
    addCampaignToken(route.id, route.token);
    history.replaceState(null, '', `#/c/${encodeURIComponent(route.id)}`);
    route = { page: 'campaign', id: route.id };
  }
  if (route.page === 'campaign') return <CampaignScreen key={route.id} id={route.id} />;
  if (route.page === 'game') return <GameScreen key={route.id} id={route.id} />;
  if (route.page === 'replay') return <ReplayScreen key={route.id} id={route.id} />;
  return <Lobby />;
}
