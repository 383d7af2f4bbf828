import { type FormEvent, useState } from 'react';
import { firstIssue } from '../../../../shared/schemas.ts';
import {
  addMemberRequestSchema,
  type Member,
  type MemberLinkResponse,
  type Provider,
  type StaffRole,
  staffRoleSchema,
} from '../../../../shared/staff-schemas.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { providerOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { formatIsoDateTime } from '../../../lib/formats.ts';
import { useAddMember, usePeople, useRemoveMember, useResetMember } from '../api/people-api.ts';

const ROLES = staffRoleSchema.options;

const failureText = (error: unknown) =>
  error instanceof ApiRequestError && error.status < 500 ? error.message : consoleTexts.people.failed;

/** The link the owner hands over, shown once (the server keeps only its hash). */
function LinkDialog({
  shown,
  timeZone,
  onClose,
}: {
  shown: MemberLinkResponse | null;
  timeZone: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Modal
      open={shown !== null}
      title={shown ? consoleTexts.people.linkFor(shown.member.name) : ''}
      onClose={() => {
        setCopied(false);
        onClose();
      }}
    >
      {shown ? (
        <div className="people-link">
          <p>{consoleTexts.people.linkHint}</p>
          <input
            className="input people-link__url"
            readOnly
            value={shown.link}
            aria-label={consoleTexts.people.linkFor(shown.member.name)}
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="field__note">
            {consoleTexts.people.linkUntil(formatIsoDateTime(shown.expiresAt, timeZone))}
          </p>
          <div className="settings-actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                void navigator.clipboard?.writeText(shown.link).then(() => setCopied(true));
              }}
            >
              {copied ? consoleTexts.people.copied : consoleTexts.people.copy}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setCopied(false);
                onClose();
              }}
            >
              {consoleTexts.people.done}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

function AddMemberForm({
  providers,
  onAdded,
}: {
  providers: Provider[];
  onAdded: (link: MemberLinkResponse) => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('front_desk');
  const [providerId, setProviderId] = useState('');
  const [problem, setProblem] = useState<{ field: string | undefined; message: string } | null>(null);
  const add = useAddMember();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = addMemberRequestSchema.safeParse({
      name,
      email,
      role,
      providerId: role === 'provider' ? providerId || null : null,
    });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error));
      return;
    }
    setProblem(null);
    add.mutate(parsed.data, {
      onSuccess: (link) => {
        // Nothing typed is lost on a failure; the form empties only once the person exists.
        setName('');
        setEmail('');
        setProviderId('');
        onAdded(link);
      },
      onError: (error) =>
        setProblem({
          field: error instanceof ApiRequestError ? error.field : undefined,
          message: failureText(error),
        }),
    });
  }

  return (
    <form className="settings-card" onSubmit={submit} noValidate>
      <h2 className="settings-card__title">{consoleTexts.people.add}</h2>
      <div className="settings-row">
        <TextField
          label={consoleTexts.people.name}
          value={name}
          onChange={setName}
          autoComplete="off"
          maxLength={80}
        />
        <TextField
          label={consoleTexts.people.email}
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="off"
          aria-invalid={problem?.field === 'email' || undefined}
        />
      </div>
      <div className="settings-row">
        <SelectField
          label={consoleTexts.people.role}
          note={consoleTexts.people.roleHints[role]}
          value={role}
          onChange={(value) => setRole(value as StaffRole)}
          options={ROLES.map((option) => ({ value: option, label: consoleTexts.roles[option] }))}
        />
        {role === 'provider' ? (
          <SelectField
            label={consoleTexts.people.provider}
            note={providers.length === 0 ? consoleTexts.people.noProviders : undefined}
            value={providerId}
            onChange={setProviderId}
            invalid={problem?.field === 'providerId'}
            options={providerOptions(providers, consoleTexts.people.pickProvider)}
          />
        ) : null}
      </div>
      <p className="form-error" role="alert">
        {problem?.message ?? ''}
      </p>
      <div className="settings-actions">
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? consoleTexts.people.adding : consoleTexts.people.add}
        </button>
      </div>
    </form>
  );
}

type PendingChoice = { kind: 'reset' | 'remove'; member: Member };

function MemberRow({
  member,
  timeZone,
  onChoose,
}: {
  member: Member;
  timeZone: string;
  onChoose: (choice: PendingChoice) => void;
}) {
  const details = [
    consoleTexts.roles[member.role],
    member.role === 'provider' ? (member.providerName ?? consoleTexts.people.notLinked) : null,
    member.status === 'invited' ? consoleTexts.people.invited : null,
    member.linkExpiresAt
      ? consoleTexts.people.linkUntil(formatIsoDateTime(member.linkExpiresAt, timeZone))
      : null,
  ].filter(Boolean);
  return (
    <li className="settings-row people-row" data-member-email={member.email}>
      <div className="people-row__who">
        <p className="people-row__name">
          {member.name}
          {member.isYou ? <span className="badge">{consoleTexts.people.you}</span> : null}
        </p>
        <p className="people-row__meta">
          {member.email} · {details.join(' · ')}
        </p>
      </div>
      {member.isYou ? null : (
        <div className="settings-actions settings-row__end">
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => onChoose({ kind: 'reset', member })}
          >
            {consoleTexts.people.reset}
          </button>
          <button
            type="button"
            className="button button--small button--danger"
            onClick={() => onChoose({ kind: 'remove', member })}
          >
            {consoleTexts.people.remove}
          </button>
        </div>
      )}
    </li>
  );
}

/** /console/people (owner only): the team, a one-time link per new person, resets and removals. */
export function PeoplePage({ timeZone }: { timeZone: string }) {
  const people = usePeople();
  const reset = useResetMember();
  const remove = useRemoveMember();
  const [shownLink, setShownLink] = useState<MemberLinkResponse | null>(null);
  const [choice, setChoice] = useState<PendingChoice | null>(null);
  const busy = reset.isPending || remove.isPending;
  const failure = reset.error ?? remove.error;

  if (people.isPending) return <PanelLoading />;
  if (people.isError) return <PanelLoadFailed onRetry={() => void people.refetch()} />;

  function confirmChoice() {
    if (!choice) return;
    const done = { onSettled: () => setChoice(null) };
    if (choice.kind === 'reset') reset.mutate(choice.member.id, { ...done, onSuccess: setShownLink });
    else remove.mutate(choice.member.id, done);
  }

  return (
    <div className="settings">
      <section className="settings-card">
        <h2 className="settings-card__title">{consoleTexts.people.title}</h2>
        <p className="field__note">{consoleTexts.people.intro}</p>
        {failure ? (
          <p className="form-error" role="alert">
            {failureText(failure)}
          </p>
        ) : null}
        <ul className="settings-list">
          {people.data.members.map((member) => (
            <MemberRow key={member.id} member={member} timeZone={timeZone} onChoose={setChoice} />
          ))}
        </ul>
      </section>
      <AddMemberForm providers={people.data.providers} onAdded={setShownLink} />
      <LinkDialog shown={shownLink} timeZone={timeZone} onClose={() => setShownLink(null)} />
      <ConfirmDialog
        open={choice !== null}
        title={
          choice ? (choice.kind === 'reset' ? consoleTexts.people.reset : consoleTexts.people.remove) : ''
        }
        text={
          choice
            ? choice.kind === 'reset'
              ? consoleTexts.people.resetConfirm(choice.member.name)
              : consoleTexts.people.removeConfirm(choice.member.name)
            : ''
        }
        confirmLabel={consoleTexts.people.confirm}
        cancelLabel={consoleTexts.people.cancel}
        danger={choice?.kind === 'remove'}
        busy={busy}
        onConfirm={confirmChoice}
        onCancel={() => setChoice(null)}
      />
    </div>
  );
}
