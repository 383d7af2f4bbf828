import { useState } from 'react';
import { firstIssue } from '../../../../shared/schemas.ts';
import { staffSignInRequestSchema } from '../../../../shared/staff-schemas.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { texts } from '../../../lib/texts.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSignIn } from '../api/use-staff.ts';

export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const signIn = useSignIn();
  useDocumentTitle(texts.console.signInTitle);

  const serverError = signIn.error
    ? signIn.error instanceof ApiRequestError && signIn.error.status < 500
      ? signIn.error.message
      : texts.console.signInFailed
    : null;

  return (
    <main className="page page--center">
      <h1 className="page__title">{texts.console.signInTitle}</h1>
      <form
        className="form home__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = staffSignInRequestSchema.safeParse({ email, password });
          if (!parsed.success) {
            setProblem(firstIssue(parsed.error).message);
            return;
          }
          setProblem(null);
          signIn.mutate(parsed.data);
        }}
      >
        <TextField
          label={texts.console.email}
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
        />
        <TextField
          label={texts.console.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <p className="form-error" role="alert">
          {problem ?? serverError ?? ''}
        </p>
        <button type="submit" className="button button--primary button--block" disabled={signIn.isPending}>
          {signIn.isPending ? texts.console.signingIn : texts.console.signIn}
        </button>
      </form>
    </main>
  );
}
