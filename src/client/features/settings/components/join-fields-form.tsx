import { type FormEvent, useState } from 'react';
import { JOIN_FIELD_DEFAULT_MAX_LENGTH, JOIN_FIELDS_MAX } from '../../../../shared/join-fields.ts';
import { issuesByField } from '../../../../shared/schemas.ts';
import { type BusinessSettings, joinFieldsSettingsRequestSchema } from '../../../../shared/staff-schemas.ts';
import { SaveRow, saveErrorText, useFieldErrors } from '../../../components/ui/save-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useSaveJoinFields } from '../api/settings-api.ts';

/** A field as the form edits it: the longest answer as typed; no id until saved. */
interface FieldRow {
  id: string | undefined;
  label: string;
  required: boolean;
  maxLength: string;
}

const toRows = (settings: BusinessSettings): FieldRow[] =>
  settings.joinFields.map((field) => ({ ...field, maxLength: String(field.maxLength) }));

/**
 * Settings › "Questions when customers join" (docs/join-fields.md): up to three of the business's
 * own, asked under name and phone in the order listed. Removing one keeps what past visits answered.
 */
export function JoinFieldsForm({ settings, canEdit }: { settings: BusinessSettings; canEdit: boolean }) {
  const t = consoleTexts.settings;
  const save = useSaveJoinFields();
  const [rows, setRows] = useState<FieldRow[]>(() => toRows(settings));
  const problems = useFieldErrors<HTMLFormElement>();
  const { errors } = problems;

  const edit = (index: number, change: Partial<FieldRow>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
    for (const key of Object.keys(change)) problems.clear(`fields.${index}.${key}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = joinFieldsSettingsRequestSchema.safeParse({
      fields: rows.map((row) => ({
        ...(row.id ? { id: row.id } : {}),
        label: row.label,
        required: row.required,
        // Left empty: the default. Anything else is checked as a number by the shared schema.
        maxLength: row.maxLength.trim() === '' ? JOIN_FIELD_DEFAULT_MAX_LENGTH : Number(row.maxLength),
      })),
    });
    if (!parsed.success) return problems.show(issuesByField(parsed.error));
    problems.show({});
    save.mutate(parsed.data, {
      onError: problems.fromServer,
      // Saved: new fields now have the ids the server gave them.
      onSuccess: (saved) => setRows(toRows(saved)),
    });
  };

  return (
    <form ref={problems.ref} className="settings-card" onSubmit={submit} noValidate>
      <h2 className="settings-card__title">{t.joinFields}</h2>
      <p className="field__note">{t.joinFieldsHint(JOIN_FIELDS_MAX)}</p>
      <ul className="settings-list">
        {rows.map((row, index) => (
          // Rows are edited in place: their position is their identity until saved.
          <li key={row.id ?? `new-${index}`} className="settings-row">
            <TextField
              label={t.joinFieldLabel}
              value={row.label}
              maxLength={60}
              disabled={!canEdit}
              onChange={(label) => edit(index, { label })}
              error={errors[`fields.${index}.label`]}
            />
            <TextField
              label={t.joinFieldMaxLength}
              value={row.maxLength}
              inputMode="numeric"
              width="130px"
              disabled={!canEdit}
              onChange={(maxLength) => edit(index, { maxLength })}
              error={errors[`fields.${index}.maxLength`]}
            />
            <label className="settings-check">
              <input
                type="checkbox"
                checked={row.required}
                disabled={!canEdit}
                onChange={(event) => edit(index, { required: event.target.checked })}
              />{' '}
              {t.joinFieldRequired}
            </label>
            {canEdit ? (
              <button
                type="button"
                className="button button--small button--secondary settings-row__end"
                aria-label={t.removeJoinField(row.label)}
                onClick={() => {
                  // The rows after it move up: their problems would sit under the wrong row.
                  problems.show({});
                  setRows((current) => current.filter((_, i) => i !== index));
                }}
              >
                {t.remove}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <SaveRow
          pending={save.isPending}
          success={save.isSuccess}
          // A problem of the whole list (too many fields) has no one field to go under.
          error={errors.fields ?? saveErrorText(save.error)}
          values={rows}
          before={
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={rows.length >= JOIN_FIELDS_MAX}
              onClick={() =>
                setRows((current) => [
                  ...current,
                  {
                    id: undefined,
                    label: '',
                    required: false,
                    maxLength: String(JOIN_FIELD_DEFAULT_MAX_LENGTH),
                  },
                ])
              }
            >
              {t.addJoinField}
            </button>
          }
        />
      ) : null}
    </form>
  );
}
