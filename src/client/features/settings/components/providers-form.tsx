import { useState } from 'react';
import { issuesByField } from '../../../../shared/schemas.ts';
import {
  type BusinessSettings,
  type Provider,
  providerSettingsRequestSchema,
} from '../../../../shared/staff-schemas.ts';
import { errorText, SaveState, saveErrorText, useFieldErrors } from '../../../components/ui/save-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useAddProvider, useRemoveProvider, useSaveProvider } from '../api/settings-api.ts';
import { RemoveProviderDialog } from './remove-provider-dialog.tsx';

function ProviderRow({
  provider,
  others,
  canEdit,
}: {
  provider: Provider;
  /** Who their waiting customers may go to when they leave. */
  others: Provider[];
  canEdit: boolean;
}) {
  const save = useSaveProvider();
  const remove = useRemoveProvider();
  const [removing, setRemoving] = useState(false);
  const [form, setForm] = useState({
    name: provider.name,
    speciality: provider.speciality,
    station: provider.station,
  });
  const problems = useFieldErrors<HTMLLIElement>();
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    problems.clear(key);
  };
  const { errors } = problems;
  return (
    <li ref={problems.ref} className="settings-row">
      <TextField
        label={consoleTexts.settings.providerName}
        value={form.name}
        onChange={set('name')}
        disabled={!canEdit}
        error={errors.name}
      />
      <TextField
        label={consoleTexts.settings.speciality}
        value={form.speciality}
        onChange={set('speciality')}
        disabled={!canEdit}
        error={errors.speciality}
      />
      <TextField
        label={consoleTexts.settings.station}
        value={form.station}
        onChange={set('station')}
        disabled={!canEdit}
        width="140px"
        error={errors.station}
      />
      {canEdit ? (
        <div className="settings-actions settings-row__end">
          <button
            type="button"
            className="button button--small button--primary"
            disabled={save.isPending}
            onClick={() => {
              const parsed = providerSettingsRequestSchema.safeParse(form);
              if (!parsed.success) return problems.show(issuesByField(parsed.error));
              problems.show({});
              save.mutate({ id: provider.id, ...parsed.data }, { onError: problems.fromServer });
            }}
          >
            {consoleTexts.settings.save}
          </button>
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={remove.isPending}
            onClick={() => setRemoving(true)}
          >
            {consoleTexts.settings.remove}
          </button>
          <RemoveProviderDialog
            open={removing}
            provider={provider}
            others={others}
            busy={remove.isPending}
            onCancel={() => setRemoving(false)}
            onConfirm={(moveTo) =>
              remove.mutate({ id: provider.id, moveTo }, { onSettled: () => setRemoving(false) })
            }
          />
          <SaveState
            pending={save.isPending}
            success={save.isSuccess}
            error={saveErrorText(save.error) ?? errorText(remove.error)}
            values={form}
          />
        </div>
      ) : null}
    </li>
  );
}

export function ProvidersForm({ settings, canEdit }: { settings: BusinessSettings; canEdit: boolean }) {
  const add = useAddProvider();
  const [form, setForm] = useState({ name: '', speciality: '', station: '' });
  const problems = useFieldErrors<HTMLFormElement>();
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    problems.clear(key);
  };
  const { errors } = problems;
  return (
    <section className="settings-card">
      <h2 className="settings-card__title">{consoleTexts.settings.providers}</h2>
      <ul className="settings-list">
        {settings.providers.map((provider) => (
          <ProviderRow
            key={provider.id}
            provider={provider}
            others={settings.providers.filter((other) => other.id !== provider.id)}
            canEdit={canEdit}
          />
        ))}
      </ul>
      {canEdit ? (
        <form
          ref={problems.ref}
          className="settings-row"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = providerSettingsRequestSchema.safeParse(form);
            if (!parsed.success) return problems.show(issuesByField(parsed.error));
            problems.show({});
            add.mutate(parsed.data, {
              onSuccess: () => setForm({ name: '', speciality: '', station: '' }),
              onError: problems.fromServer,
            });
          }}
        >
          <TextField
            label={consoleTexts.settings.providerName}
            value={form.name}
            onChange={set('name')}
            disabled={false}
            error={errors.name}
          />
          <TextField
            label={consoleTexts.settings.speciality}
            value={form.speciality}
            onChange={set('speciality')}
            disabled={false}
            error={errors.speciality}
          />
          <TextField
            label={consoleTexts.settings.station}
            value={form.station}
            onChange={set('station')}
            disabled={false}
            width="140px"
            error={errors.station}
          />
          <div className="settings-actions settings-row__end">
            <button type="submit" className="button button--small button--primary" disabled={add.isPending}>
              {consoleTexts.settings.addProvider}
            </button>
            <SaveState
              pending={add.isPending}
              success={add.isSuccess}
              error={saveErrorText(add.error)}
              values={form}
            />
          </div>
        </form>
      ) : null}
    </section>
  );
}
