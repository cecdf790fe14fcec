// The browser client's entry: mounts the app (once the Chinese font is in: fonts.ts).
import { render } from 'preact';
import { loadChineseFont } from './fonts';
import { App } from './ui/App';
import './styles.css';
import './fonts.css';

void loadChineseFont().then(() => render(<App />, document.getElementById('app')!));
