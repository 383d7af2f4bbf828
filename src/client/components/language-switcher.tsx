import { useId, useState } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../shared/languages.ts';
import { landingTexts } from '../lib/landing-texts.ts';
import { showLanguage, type TextsScope, useShownLanguage } from '../lib/language-choice.ts';

/**
 * Its label in every language it offers: someone who cannot read the page's language still
 * finds it (the names in the list are each in their own language too).
 */
const SWITCHER_LABEL = 'Language · Idioma · Ngôn ngữ · 语言';

/**
 * The language picker at the top of every customer page and the kiosk (docs/languages.md). A
 * native select: the phone's own picker, large and familiar, with nothing to download.
 */
export function LanguageSwitcher({
  scope,
  remember = true,
  languages = LANGUAGES,
  onChoose,
}: {
  scope: TextsScope;
  /** Keeps the choice elsewhere first (a staff member's, on the server); when it fails, nothing changes. */
  onChoose?: (language: Language) => Promise<void>;
  /** False for a kiosk guest: the next guest starts from the business's language. */
  remember?: boolean;
  languages?: readonly Language[];
}) {
  const shownLanguage = useShownLanguage();
  // The console offers fewer languages than the customer pages: a Vietnamese reader's console is
  // in the default language, and the picker says so rather than naming a language it cannot show.
  const shown = languages.includes(shownLanguage) ? shownLanguage : DEFAULT_LANGUAGE;
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const choose = async (language: Language) => {
    setBusy(true);
    setFailed(false);
    try {
      await onChoose?.(language);
      await showLanguage(language, { scope, remember });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="language-switcher">
      <label className="language-switcher__label">
        <GlobeIcon />
        <span className="visually-hidden">{SWITCHER_LABEL}</span>
        <select
          className="language-switcher__select"
          value={shown}
          disabled={busy}
          aria-describedby={failed ? errorId : undefined}
          onChange={(event) => void choose(event.target.value as Language)}
        >
          {languages.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </label>
      {failed ? (
        <p id={errorId} className="language-switcher__error" role="alert">
          {landingTexts.languageFailed}
        </p>
      ) : null}
    </div>
  );
}

function GlobeIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9c-2.5-2.4-3.8-5.4-3.8-9S9.5 5.4 12 3Z"
      />
    </svg>
  );
}
