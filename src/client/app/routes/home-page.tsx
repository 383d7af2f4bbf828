import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { pathFromTypedCode, paths } from '../../../shared/paths.ts';
import { customerTexts } from '../../lib/customer-texts.ts';
import { useTypedBeforeHydration } from '../../lib/hydration.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** "/": the splash text of spec §1 and a way to open a business by its code. */
export function HomePage() {
  const navigate = useNavigate();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState(false);
  const codeField = useTypedBeforeHydration(code, setCode);
  useDocumentTitle(null);

  return (
    <main className="page page--center home">
      <span className="home__mark" aria-hidden="true">
        <svg width="56" height="56" viewBox="0 0 32 32">
          <rect width="32" height="32" rx="9" fill="currentColor" />
          <path
            d="M9 16.5l4.5 4.5L23 11.5"
            fill="none"
            stroke="#fff"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <h1 className="page__title">{customerTexts.appName}</h1>
      <p className="page__text">{customerTexts.home.tagline}</p>
      <form
        className="form home__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = code.trim();
          if (!trimmed) {
            setError(true);
            return;
          }
          navigate(pathFromTypedCode(trimmed));
        }}
      >
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={inputId}>
            {customerTexts.home.codeLabel}
          </label>
          <input
            ref={codeField}
            id={inputId}
            className="input"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            value={code}
            aria-invalid={error || undefined}
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => {
              setCode(event.target.value);
              setError(false);
            }}
          />
          <p id={`${inputId}-hint`} className={error ? 'field-error' : 'field__note'} aria-live="polite">
            {error ? customerTexts.home.codeRequired : customerTexts.home.codeHint}
          </p>
        </div>
        <button type="submit" className="button button--primary button--block">
          {customerTexts.home.open}
        </button>
      </form>
      <Link className="text-link" to={paths.landing.getHref('demo')}>
        {customerTexts.home.demo}
      </Link>
    </main>
  );
}
