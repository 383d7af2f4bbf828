/**
 * What every Settings form shares: the visible "Saved" state beside its Save button, and each
 * problem under its own field (DESIGN: inline validation).
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { consoleTexts } from '../../lib/console-texts.ts';
import { useOnline } from '../../lib/use-online.ts';

/**
 * "Saved" while the form still shows what was saved: an edit after saving takes it away, so the
 * owner never reads "Saved" beside a change that is not (derived in render, React's pattern for
 * state that follows a prop).
 */
function useSavedUntilEdited(success: boolean, values: unknown): boolean {
  const current = JSON.stringify(values);
  const [seen, setSeen] = useState({ success, savedAs: success ? current : null });
  if (seen.success !== success) setSeen({ success, savedAs: success ? current : null });
  return success && (seen.success !== success || seen.savedAs === current);
}

/**
 * Shows a request's outcome next to the button that sent it: the visible "saved" state of every
 * console form. `words` names another request's states ("Sending…", "Sent"); a look-up with no
 * state of its own while it runs passes `pending` false and shows only its problem.
 */
export function SaveState({
  id,
  pending,
  success,
  error,
  values,
  words,
}: {
  /** For the control whose problem this shows (the logo's file input). */
  id?: string;
  pending: boolean;
  success: boolean;
  error: string | null;
  /** What the form shows now; "Saved" goes once it differs from what was saved. */
  values?: unknown;
  words?: { pending?: string; done?: string };
}) {
  const saved = useSavedUntilEdited(success, values);
  const online = useOnline();
  return (
    <span
      id={id}
      className={`save-state${error ? ' save-state--error' : ''}`}
      role="status"
      aria-live="polite"
    >
      {pending
        ? online
          ? (words?.pending ?? consoleTexts.settings.saving)
          : consoleTexts.settings.savingWhenOnline
        : error
          ? error
          : saved
            ? (words?.done ?? consoleTexts.settings.saved)
            : ''}
    </span>
  );
}

/**
 * A form's Save button with its state beside it. A submit button, or `onSave`'s for a part of a
 * page that is not a form of its own; `before` holds the row's other buttons (Add service).
 */
export function SaveRow({
  pending,
  success,
  error,
  values,
  onSave,
  before,
}: {
  pending: boolean;
  success: boolean;
  error: string | null;
  values: unknown;
  onSave?: () => void;
  before?: ReactNode;
}) {
  return (
    <div className="settings-actions">
      {before}
      <button
        type={onSave ? 'button' : 'submit'}
        className="button button--primary button--small"
        disabled={pending}
        onClick={onSave}
      >
        {consoleTexts.settings.save}
      </button>
      <SaveState pending={pending} success={success} error={error} values={values} />
    </div>
  );
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : null);

/** A refusal the server tied to one field: shown under that field, not beside Save. */
export const isFieldError = (error: unknown): error is ApiRequestError & { field: string } =>
  error instanceof ApiRequestError && error.status === 400 && Boolean(error.field);

/**
 * A form's problems, each under its field by its path ("retentionDays", "services.1.name"): the
 * shared schema's when Save is pressed, or the server's when it names a field. The focus then goes
 * to the first field marked invalid, so a problem far from Save is not missed (DESIGN: inline
 * validation).
 */
export function useFieldErrors<Container extends HTMLElement>() {
  const ref = useRef<Container>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const show = (next: Record<string, string>) => {
    setErrors(next);
    if (Object.keys(next).length > 0) setRefusals((count) => count + 1);
  };
  return {
    ref,
    errors,
    show,
    /** A field's problem goes once the field is edited. */
    clear: (field: string) =>
      setErrors((current) =>
        field in current
          ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== field))
          : current,
      ),
    /** For a request's onError: the server's problem with a field goes under it. */
    fromServer: (error: unknown) => {
      if (isFieldError(error)) show({ [error.field]: error.message });
    },
  };
}

/** A failed Save's message beside the button, unless it is shown under a field. */
export const saveErrorText = (error: unknown) => (isFieldError(error) ? null : errorText(error));
