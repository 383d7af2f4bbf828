import { type FormEvent, useState } from 'react';
import { CONSOLE_LANGUAGES } from '../../../../shared/languages.ts';
import { firstIssue } from '../../../../shared/schemas.ts';
import { changePasswordRequestSchema, type StaffMe } from '../../../../shared/staff-schemas.ts';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { SaveState } from '../../../components/ui/save-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useChangePassword, useChooseMemberLanguage } from '../api/people-api.ts';

/** /console/account: every member changes their own password here. */
export function AccountPage({ me }: { me: StaffMe }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword();
  const chooseMemberLanguage = useChooseMemberLanguage();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordRequestSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error).message);
      return;
    }
    setProblem(null);
    change.mutate(parsed.data, {
      onSuccess: () => {
        setCurrentPassword('');
        setNewPassword('');
      },
      onError: (error) =>
        setProblem(
          error instanceof ApiRequestError && error.status < 500 ? error.message : consoleTexts.people.failed,
        ),
    });
  }

  return (
    <div className="settings">
      <section className="settings-card">
        <h2 className="settings-card__title">{consoleTexts.account.language}</h2>
        <p className="field__note">{consoleTexts.account.languageHint}</p>
        <LanguageSwitcher scope="console" languages={CONSOLE_LANGUAGES} onChoose={chooseMemberLanguage} />
      </section>
      <form className="settings-card" onSubmit={submit} noValidate>
        <h2 className="settings-card__title">{consoleTexts.account.changePassword}</h2>
        <p className="field__note">
          {consoleTexts.account.signedInAs(me.email)} · {consoleTexts.roles[me.role]}
        </p>
        <input type="email" autoComplete="username" value={me.email} readOnly hidden />
        <TextField
          label={consoleTexts.account.currentPassword}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(value) => {
            setCurrentPassword(value);
            change.reset();
          }}
        />
        <TextField
          label={consoleTexts.account.newPassword}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(value) => {
            setNewPassword(value);
            change.reset();
          }}
        />
        <p className="field__note">{consoleTexts.account.newPasswordHint}</p>
        <p className="form-error" role="alert">
          {problem ?? ''}
        </p>
        <div className="settings-actions">
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {consoleTexts.account.save}
          </button>
          <SaveState
            pending={change.isPending}
            success={change.isSuccess}
            error={null}
            words={{ pending: consoleTexts.account.saving, done: consoleTexts.account.saved }}
          />
        </div>
      </form>
    </div>
  );
}
