import { useState } from 'react';
import { CONSOLE_LANGUAGES } from '../../../shared/languages.ts';
import { firstIssue } from '../../../shared/schemas.ts';
import {
  type ChooseBusiness,
  type StaffSignInRequest,
  staffSignInRequestSchema,
} from '../../../shared/staff-schemas.ts';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { consoleTexts } from '../../lib/console-texts.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSignIn } from '../../lib/use-staff.ts';

type SignIn = ReturnType<typeof useSignIn>;

function serverErrorOf(signIn: SignIn): string | null {
  if (!signIn.error) return null;
  return signIn.error instanceof ApiRequestError && signIn.error.status < 500
    ? signIn.error.message
    : consoleTexts.console.signInFailed;
}

/** One person, several businesses (decisions/0011): the password opened each of these. */
function BusinessChooser({
  choices,
  signIn,
  onChoose,
  onBack,
}: {
  choices: ChooseBusiness['chooseBusiness'];
  signIn: SignIn;
  onChoose: (companyId: string) => void;
  onBack: () => void;
}) {
  return (
    <main className="page page--center">
      <h1 className="page__title">{consoleTexts.console.chooseBusinessTitle}</h1>
      <div className="form home__form">
        <p>{consoleTexts.console.chooseBusinessIntro}</p>
        {choices.map((choice) => (
          <button
            key={choice.companyId}
            type="button"
            className="button button--primary button--block"
            disabled={signIn.isPending}
            onClick={() => onChoose(choice.companyId)}
          >
            {choice.companyName}
          </button>
        ))}
        <p className="form-error" role="alert">
          {serverErrorOf(signIn) ?? ''}
        </p>
        <button type="button" className="button button--secondary button--block" onClick={onBack}>
          {consoleTexts.console.chooseAnotherAccount}
        </button>
      </div>
    </main>
  );
}

export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<{
    request: StaffSignInRequest;
    choices: ChooseBusiness['chooseBusiness'];
  } | null>(null);
  const signIn = useSignIn();
  useDocumentTitle(choosing ? consoleTexts.console.chooseBusinessTitle : consoleTexts.console.signInTitle);

  function submit(request: StaffSignInRequest) {
    signIn.mutate(request, {
      onSuccess: (answer) => {
        if ('chooseBusiness' in answer) setChoosing({ request, choices: answer.chooseBusiness });
      },
    });
  }

  if (choosing)
    return (
      <BusinessChooser
        choices={choosing.choices}
        signIn={signIn}
        onChoose={(companyId) => submit({ ...choosing.request, companyId })}
        onBack={() => {
          setChoosing(null);
          setPassword('');
          signIn.reset();
        }}
      />
    );

  const serverError = serverErrorOf(signIn);

  return (
    <main className="page page--center">
      <LanguageSwitcher scope="console" languages={CONSOLE_LANGUAGES} />
      <h1 className="page__title">{consoleTexts.console.signInTitle}</h1>
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
          submit(parsed.data);
        }}
      >
        <TextField
          label={consoleTexts.console.email}
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
        />
        <TextField
          label={consoleTexts.console.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <p className="form-error" role="alert">
          {problem ?? serverError ?? ''}
        </p>
        <button type="submit" className="button button--primary button--block" disabled={signIn.isPending}>
          {signIn.isPending ? consoleTexts.console.signingIn : consoleTexts.console.signIn}
        </button>
      </form>
    </main>
  );
}
