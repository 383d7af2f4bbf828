import { type FormEvent, useState } from 'react';
import { issuesByField } from '../../../../shared/schemas.ts';
import { type BusinessSettings, servicesSettingsRequestSchema } from '../../../../shared/staff-schemas.ts';
import { SaveRow, saveErrorText, useFieldErrors } from '../../../components/ui/save-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useSaveServices } from '../api/settings-api.ts';

export function ServicesForm({ settings, canEdit }: { settings: BusinessSettings; canEdit: boolean }) {
  const save = useSaveServices();
  const [rows, setRows] = useState(
    // previousName: the name saved, so a rename keeps the providers who do it (docs/schedule.md).
    settings.services.map((s) => ({
      name: s.name,
      minutes: String(s.durationMinutes),
      previousName: s.name as string | null,
    })),
  );
  const problems = useFieldErrors<HTMLFormElement>();
  const edit = (index: number, change: Partial<(typeof rows)[number]>) => {
    setRows((r) => r.map((x, i) => (i === index ? { ...x, ...change } : x)));
    problems.clear(`services.${index}.${'name' in change ? 'name' : 'durationMinutes'}`);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = servicesSettingsRequestSchema.safeParse({
      services: rows.map((row) => ({
        name: row.name,
        durationMinutes: row.minutes.trim() === '' ? Number.NaN : Number(row.minutes),
        previousName: row.previousName,
      })),
    });
    if (!parsed.success) return problems.show(issuesByField(parsed.error));
    problems.show({});
    save.mutate(parsed.data, {
      onError: problems.fromServer,
      // Saved: each row's name is now the one a later rename starts from.
      onSuccess: () =>
        setRows((r) => r.map((row, i) => ({ ...row, previousName: parsed.data.services[i]?.name ?? null }))),
    });
  };
  const { errors } = problems;
  return (
    <form ref={problems.ref} className="settings-card" onSubmit={submit} noValidate>
      <h2 className="settings-card__title">{consoleTexts.settings.services}</h2>
      <p className="field__note">
        {rows.length === 0 ? consoleTexts.settings.usingDefaults : consoleTexts.settings.servicesHint}
      </p>
      <ul className="settings-list">
        {rows.map((row, index) => (
          // Rows are edited in place: their position is their identity.
          <li key={index} className="settings-row">
            <TextField
              label={consoleTexts.settings.serviceName}
              value={row.name}
              disabled={!canEdit}
              onChange={(name) => edit(index, { name })}
              error={errors[`services.${index}.name`]}
            />
            <TextField
              label={consoleTexts.settings.minutes}
              value={row.minutes}
              width="110px"
              disabled={!canEdit}
              onChange={(minutes) => edit(index, { minutes })}
              error={errors[`services.${index}.durationMinutes`]}
            />
            {canEdit ? (
              <button
                type="button"
                className="button button--small button--secondary settings-row__end"
                onClick={() => {
                  // The rows after it move up: their problems would sit under the wrong row.
                  problems.show({});
                  setRows((r) => r.filter((_, i) => i !== index));
                }}
              >
                {consoleTexts.settings.remove}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <SaveRow
          pending={save.isPending}
          success={save.isSuccess}
          // A problem of the whole list (too many services) has no one field to go under.
          error={errors.services ?? saveErrorText(save.error)}
          values={rows}
          before={
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => setRows((r) => [...r, { name: '', minutes: '30', previousName: null }])}
            >
              {consoleTexts.settings.addService}
            </button>
          }
        />
      ) : null}
    </form>
  );
}
