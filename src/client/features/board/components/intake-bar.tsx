import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { firstIssue } from '../../../../shared/schemas.ts';
import { pauseRequestSchema, type StaffMe } from '../../../../shared/staff-schemas.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useIntake, useSetPause, useSetRunningBehind } from '../api/intake-api.ts';

/**
 * The top of the board: whether customers can join now and, if not, what they are told; "Pause
 * the list" and "Resume" for the owner and the front desk (docs/opening-hours.md).
 */
export function IntakeBar({ me }: { me: StaffMe }) {
  const intake = useIntake();
  const setPause = useSetPause();
  const [pausing, setPausing] = useState(false);
  const mayPause = me.role !== 'provider';
  if (!intake.data) return null;
  const { walkInsStopped, pause, hoursSet } = intake.data;

  return (
    <div className={`intake-bar${walkInsStopped ? ' intake-bar--stopped' : ''}`}>
      <p className="intake-bar__state" role="status">
        <strong>{walkInsStopped ? consoleTexts.intake.notTaking : consoleTexts.intake.taking}</strong>
        {walkInsStopped ? (
          <span className="intake-bar__words">
            {consoleTexts.intake.customersSee} {[walkInsStopped.title, ...walkInsStopped.details].join(' · ')}
          </span>
        ) : null}
        {intake.data.runningBehindMinutes > 0 ? (
          <span className="intake-bar__words">
            {consoleTexts.intake.runningBehind(intake.data.runningBehindMinutes)}
          </span>
        ) : null}
        {!hoursSet && me.role === 'owner' ? (
          <span className="intake-bar__words">
            {consoleTexts.intake.aroundTheClock}{' '}
            <Link to="/console/settings">{consoleTexts.intake.setHours}</Link>
          </span>
        ) : null}
      </p>
      {mayPause ? (
        pause ? (
          <button
            type="button"
            className="button button--small button--primary"
            disabled={setPause.isPending}
            onClick={() => setPause.mutate(null)}
          >
            {consoleTexts.intake.resume}
          </button>
        ) : (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => setPausing(true)}
          >
            {consoleTexts.intake.pause}
          </button>
        )
      ) : null}
      {mayPause ? <RunningBehindForm current={intake.data.runningBehindMinutes} /> : null}
      {setPause.isError && !pausing ? (
        <p className="form-error" role="alert">
          {setPause.error instanceof ApiRequestError && setPause.error.status < 500
            ? setPause.error.message
            : consoleTexts.intake.failed}
        </p>
      ) : null}
      <PauseDialog open={pausing} onClose={() => setPausing(false)} />
    </div>
  );
}

const RESUME_CHOICES = ['', '15', '30', '60', '120'] as const;

function PauseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const setPause = useSetPause();
  const [message, setMessage] = useState('');
  const [resumeIn, setResumeIn] = useState<string>('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = pauseRequestSchema.safeParse({
      ...(message.trim() ? { message } : {}),
      ...(resumeIn ? { resumeInMinutes: Number(resumeIn) } : {}),
    });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error).message);
      return;
    }
    setProblem(null);
    setPause.mutate(parsed.data, {
      onSuccess: () => {
        setMessage('');
        setResumeIn('');
        onClose();
      },
      // What was typed stays in the dialog.
      onError: (error) =>
        setProblem(
          error instanceof ApiRequestError && error.status < 500 ? error.message : consoleTexts.intake.failed,
        ),
    });
  }

  return (
    <Modal open={open} title={consoleTexts.intake.pauseTitle} busy={setPause.isPending} onClose={onClose}>
      <form className="people-link" onSubmit={submit} noValidate>
        <p className="field__note">{consoleTexts.intake.pauseIntro}</p>
        <TextField
          label={consoleTexts.intake.message}
          value={message}
          onChange={setMessage}
          autoComplete="off"
          maxLength={200}
        />
        <SelectField
          label={consoleTexts.intake.resumeIn}
          value={resumeIn}
          onChange={setResumeIn}
          options={RESUME_CHOICES.map((minutes) => ({
            value: minutes,
            label: minutes
              ? consoleTexts.intake.afterMinutes(Number(minutes))
              : consoleTexts.intake.untilResumed,
          }))}
        />
        <p className="form-error" role="alert">
          {problem ?? ''}
        </p>
        <div className="settings-actions">
          <button type="submit" className="button button--primary" disabled={setPause.isPending}>
            {setPause.isPending ? consoleTexts.intake.pausing : consoleTexts.intake.pause}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={setPause.isPending}
            onClick={onClose}
          >
            {consoleTexts.people.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

const BEHIND_CHOICES = [0, 5, 10, 15, 20, 30, 45, 60, 90] as const;

/** "Running behind" (owner, front desk): estimates shift, customers' pages say it, texts optional. */
function RunningBehindForm({ current }: { current: number }) {
  const setBehind = useSetRunningBehind();
  const [minutes, setMinutes] = useState(String(current));
  const [textWaiting, setTextWaiting] = useState(false);
  const choices = BEHIND_CHOICES.includes(current as (typeof BEHIND_CHOICES)[number])
    ? BEHIND_CHOICES
    : [...BEHIND_CHOICES, current].sort((a, b) => a - b);
  return (
    <form
      className="intake-bar__behind"
      onSubmit={(event) => {
        event.preventDefault();
        setBehind.mutate(
          { minutes: Number(minutes), textWaiting: textWaiting && Number(minutes) > 0 },
          { onSuccess: () => setTextWaiting(false) },
        );
      }}
    >
      <SelectField
        label={consoleTexts.intake.behindLabel}
        value={minutes}
        onChange={setMinutes}
        options={choices.map((choice) => ({
          value: String(choice),
          label: choice === 0 ? consoleTexts.intake.onTime : consoleTexts.intake.behindMinutes(choice),
        }))}
      />
      <label className="intake-bar__check">
        <input
          type="checkbox"
          checked={textWaiting}
          disabled={minutes === '0'}
          onChange={(event) => setTextWaiting(event.target.checked)}
        />{' '}
        {consoleTexts.intake.textWaiting}
      </label>
      <button type="submit" className="button button--small button--secondary" disabled={setBehind.isPending}>
        {consoleTexts.intake.setBehind}
      </button>
      <span role="status" className="intake-bar__words">
        {setBehind.isError
          ? setBehind.error instanceof ApiRequestError && setBehind.error.status < 500
            ? setBehind.error.message
            : consoleTexts.intake.failed
          : setBehind.data && setBehind.data.texted > 0
            ? consoleTexts.intake.texted(setBehind.data.texted)
            : ''}
      </span>
    </form>
  );
}
