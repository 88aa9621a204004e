import { render } from 'preact';
import { App } from './app';
import { applyTheme, chosenTheme } from './theme';

applyTheme(chosenTheme());
render(<App />, document.getElementById('app')!);
