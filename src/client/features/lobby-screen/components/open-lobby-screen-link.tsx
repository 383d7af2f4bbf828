import { consoleTexts } from '../../../lib/console-texts.ts';
import { useLobbyScreenSettings } from '../api/lobby-screen-settings.ts';

/**
 * The board's "Lobby screen" button (owner and front desk: the server refuses a provider). The
 * link is read when the board opens, so the tab opens on the click itself (a tab opened after an
 * awaited request is taken for a pop-up).
 */
export function OpenLobbyScreenLink() {
  const settings = useLobbyScreenSettings();
  if (!settings.data) return null;
  return (
    <a
      className="button button--small button--secondary"
      href={settings.data.href}
      target="_blank"
      rel="noopener"
      title={consoleTexts.lobbyScreen.openHint}
    >
      {consoleTexts.lobbyScreen.open}
    </a>
  );
}
