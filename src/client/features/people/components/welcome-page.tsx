import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { firstIssue } from '../../../../shared/schemas.ts';
import { staffPasswordSchema } from '../../../../shared/staff-schemas.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSetPasswordWithLink, useStaffLink } from '../api/people-api.ts';

/**
 * /console/welcome#token: a new member (or one whose password was reset) chooses a password and is
 * signed in. The token is the fragment, which browsers never send to a server.
 */
export function WelcomePage() {
  const [token] = useState(() => window.location.hash.slice(1));
  const link = useStaffLink(token);
  const use = useSetPasswordWithLink();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const title = link.data?.kind === 'reset' ? consoleTexts.welcome.resetTitle : consoleTexts.welcome.title;
  useDocumentTitle(title);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = staffPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error).message);
      return;
    }
    setProblem(null);
    use.mutate(
      { token, password: parsed.data },
      {
        // The link is spent: it leaves the address bar and history.
        onSuccess: () => void navigate('/console', { replace: true }),
        onError: (error) =>
          setProblem(
            error instanceof ApiRequestError && error.status < 500
              ? error.message
              : consoleTexts.welcome.failed,
          ),
      },
    );
  }

  if (token && link.isPending)
    return (
      <main className="page page--center" aria-busy="true">
        <Spinner label={consoleTexts.welcome.checking} />
      </main>
    );
  if (!token || link.isError || !link.data)
    return (
      <main className="page page--center">
        <h1 className="page__title">{consoleTexts.welcome.title}</h1>
        <p className="form-error" role="alert">
          {link.error instanceof ApiRequestError && link.error.status >= 500
            ? consoleTexts.welcome.failed
            : consoleTexts.welcome.invalid}
        </p>
      </main>
    );
  const { name, email, companyName } = link.data;
  return (
    <main className="page page--center">
      <h1 className="page__title">{title}</h1>
      <p>{consoleTexts.welcome.intro(name, companyName)}</p>
      <form className="form home__form" noValidate onSubmit={submit}>
        <TextField
          label={consoleTexts.welcome.email}
          type="email"
          autoComplete="username"
          value={email}
          readOnly
          onChange={() => {}}
        />
        <TextField
          label={consoleTexts.welcome.password}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          aria-describedby="welcome-password-hint"
        />
        <p id="welcome-password-hint" className="field__note">
          {consoleTexts.welcome.passwordHint}
        </p>
        <p className="form-error" role="alert">
          {problem ?? ''}
        </p>
        <button type="submit" className="button button--primary button--block" disabled={use.isPending}>
          {use.isPending ? consoleTexts.welcome.submitting : consoleTexts.welcome.submit}
        </button>
      </form>
    </main>
  );
}
