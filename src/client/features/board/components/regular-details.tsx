import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  CUSTOMER_NOTE_MAX_LENGTH,
  customerNoteRequestSchema,
  type Regular,
} from '../../../../shared/regular-schemas.ts';
import { firstIssue } from '../../../../shared/schemas.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { formatDate } from '../../../lib/formats.ts';
import { useSaveNote } from '../api/regulars-api.ts';
import './regular-details.css';

/** "Oct 3" on the business's clock; "Oct 3, 2025" from another year ("3 oct", "3 oct 2025"). */
function formatVisitDate(iso: string, timeZone: string): string {
  const year = (instant: number) => formatDate(instant, { timeZone, year: 'numeric' });
  const date = Date.parse(iso);
  return formatDate(date, {
    timeZone,
    month: 'short',
    day: 'numeric',
    ...(year(date) === year(Date.now()) ? {} : { year: 'numeric' }),
  });
}

interface RegularDetailsProps {
  waitId: string;
  customerName: string;
  regular: Regular;
  timeZone: string;
  /** Whether this member may write the note (a provider: on their own and unassigned customers). */
  canWrite: boolean;
  /** The note's editor is open (Edit note here, or Add note in the row's More menu). */
  editing: boolean;
  onEdit: () => void;
  onDoneEditing: () => void;
}

/**
 * A returning customer on their board row (docs/regulars.md): "2nd visit · last: Haircut with
 * Maria, Oct 3", and the staff's note on them, written from the row.
 */
export function RegularDetails({
  waitId,
  customerName,
  regular,
  timeZone,
  canWrite,
  editing,
  onEdit,
  onDoneEditing,
}: RegularDetailsProps) {
  const { lastVisit, note } = regular;
  const box = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(editing);
  // The editor closed: the focus goes back to the note's button, or to the row, not to the page.
  useEffect(() => {
    if (wasEditing.current && !editing) {
      const row = box.current?.closest<HTMLElement>('.board-row');
      (box.current?.querySelector<HTMLElement>('.regular__edit') ?? row)?.focus();
    }
    wasEditing.current = editing;
  }, [editing]);
  // A first visit without a note takes no room: Add note is in the row's More menu.
  if (regular.visitNumber === 1 && !note && !editing) return <div ref={box} hidden />;
  return (
    <div ref={box} className="regular">
      {regular.visitNumber > 1 ? (
        <p className="regular__visits">
          <span className="badge badge--regular">{consoleTexts.regulars.visit(regular.visitNumber)}</span>
          {lastVisit ? (
            <span>
              {' · '}
              {consoleTexts.regulars.lastVisit(
                lastVisit.serviceType,
                lastVisit.providerName,
                formatVisitDate(lastVisit.finishedAt, timeZone),
              )}
            </span>
          ) : null}
        </p>
      ) : null}
      {editing ? (
        <NoteEditor
          waitId={waitId}
          customerName={customerName}
          saved={note?.text ?? ''}
          onDone={onDoneEditing}
        />
      ) : note ? (
        <div className="regular__note">
          <p className="regular__note-text">
            <span className="regular__note-label">{consoleTexts.regulars.note}:</span> {note.text}{' '}
            <span className="regular__note-by">
              ({consoleTexts.regulars.noteBy(note.updatedByName, formatVisitDate(note.updatedAt, timeZone))})
            </span>
          </p>
          {canWrite ? (
            <button
              type="button"
              className="regular__edit"
              aria-label={`${consoleTexts.regulars.editNote}: ${customerName}`}
              onClick={onEdit}
            >
              {consoleTexts.regulars.editNote}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The note's editor: checked with the server's own schema before it is sent; what was typed stays on a failure. */
function NoteEditor({
  waitId,
  customerName,
  saved,
  onDone,
}: {
  waitId: string;
  customerName: string;
  saved: string;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSaveNote();
  const [text, setText] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = customerNoteRequestSchema.safeParse({ note: text });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error).message);
      return;
    }
    setProblem(null);
    save.mutate(
      { waitId, note: parsed.data.note },
      {
        onSuccess: onDone,
        onError: (error) =>
          setProblem(
            error instanceof ApiRequestError && error.status > 0 && error.status < 500
              ? error.message
              : consoleTexts.regulars.saveFailed,
          ),
      },
    );
  }

  return (
    <form className="regular__editor" onSubmit={submit} noValidate>
      <label className="field__label" htmlFor={id}>
        {consoleTexts.regulars.noteFor(customerName)}
      </label>
      <textarea
        id={id}
        className="input regular__textarea"
        value={text}
        rows={2}
        // Over the limit is said, not cut: a pasted note is not silently shortened.
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        onChange={(event) => setText(event.target.value)}
        // biome-ignore lint/a11y/noAutofocus: the member just asked to write the note.
        autoFocus
      />
      <p id={`${id}-hint`} className="field__note">
        {consoleTexts.regulars.noteHint} {text.trim().length}/{CUSTOMER_NOTE_MAX_LENGTH}
      </p>
      {problem ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="regular__editor-actions">
        <button type="button" className="button button--small button--secondary" onClick={onDone}>
          {consoleTexts.regulars.cancel}
        </button>
        <button
          type="submit"
          className="button button--small button--primary"
          disabled={save.isPending}
          aria-busy={save.isPending || undefined}
        >
          {save.isPending ? consoleTexts.regulars.saving : consoleTexts.regulars.save}
        </button>
      </div>
    </form>
  );
}
