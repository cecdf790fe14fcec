// The browser client's entry: mounts the app.
import { render } from 'preact';
import { App } from './ui/App';
import './styles.css';
import './fonts.css';

render(<App />, document.getElementById('app')!);
