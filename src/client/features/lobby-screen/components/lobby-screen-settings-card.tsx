import { type FormEvent, useId, useState } from 'react';
import { SCREEN_NAME_STYLES, type ScreenNameStyle } from '../../../../shared/lobby-screen.ts';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { errorText, SaveRow, SaveState } from '../../../components/ui/save-state.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import {
  useLobbyScreenSettings,
  useResetLobbyScreenLink,
  useSaveNameStyle,
} from '../api/lobby-screen-settings.ts';

/**
 * Settings' card for the lobby screen (the owner's): how names are written, the screen's link,
 * and its reset, which stops any screen open with the old link at once (docs/lobby-screen.md).
 */
export function LobbyScreenSettingsCard() {
  const t = consoleTexts.lobbyScreen;
  const settings = useLobbyScreenSettings();
  return (
    <section className="settings-card" aria-labelledby="lobby-screen-title">
      <h2 className="settings-card__title" id="lobby-screen-title">
        {t.settingsTitle}
      </h2>
      <p className="field__note">{t.settingsHint}</p>
      {settings.isPending ? (
        <PanelLoading />
      ) : settings.isError ? (
        <PanelLoadFailed onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <NameStyleForm saved={settings.data.nameStyle} />
          <LinkControls href={settings.data.href} />
        </>
      )}
    </section>
  );
}

function NameStyleForm({ saved }: { saved: ScreenNameStyle }) {
  const t = consoleTexts.lobbyScreen;
  const [nameStyle, setNameStyle] = useState(saved);
  const save = useSaveNameStyle();
  const name = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(nameStyle);
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="hours__mode">
        <legend>{t.nameStyleLegend}</legend>
        {SCREEN_NAME_STYLES.map((style) => (
          <label key={style}>
            <input
              type="radio"
              name={name}
              value={style}
              checked={nameStyle === style}
              onChange={() => setNameStyle(style)}
            />{' '}
            {t.nameStyles[style]}
          </label>
        ))}
      </fieldset>
      <SaveRow
        pending={save.isPending}
        success={save.isSuccess}
        error={errorText(save.error)}
        values={nameStyle}
      />
    </form>
  );
}

function LinkControls({ href }: { href: string }) {
  const t = consoleTexts.lobbyScreen;
  const reset = useResetLobbyScreenLink();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="stack">
      <div className="settings-actions">
        <a className="button button--small button--secondary" href={href} target="_blank" rel="noopener">
          {t.openFromSettings}
        </a>
        {confirming ? null : (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => setConfirming(true)}
          >
            {t.reset}
          </button>
        )}
      </div>
      {confirming ? (
        <div>
          <p className="field__note">{t.resetConfirm}</p>
          <div className="settings-actions">
            <button
              type="button"
              className="button button--small button--primary"
              disabled={reset.isPending}
              onClick={() => reset.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              {t.reset}
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => setConfirming(false)}
            >
              {consoleTexts.lobbyScreen.cancel}
            </button>
          </div>
        </div>
      ) : null}
      <SaveState
        pending={false}
        success={reset.isSuccess}
        error={errorText(reset.error)}
        words={{ done: t.resetDone }}
      />
    </div>
  );
}
