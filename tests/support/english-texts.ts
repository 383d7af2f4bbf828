// The app's words are loaded before a page renders (main.tsx, entry-server.tsx); a test that
// renders a component or reads a word directly reads them in English.
import { loadConsoleTexts, setConsoleTexts } from '../../src/client/lib/console-texts.ts';

setConsoleTexts(await loadConsoleTexts('en'));
