import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { LOGO_UPLOAD } from '../../../../shared/constants.ts';
import { paths } from '../../../../shared/paths.ts';
import { isLocalAddress } from '../../../../shared/public-url.ts';
import { issuesByField, NEAR_TURN_CHOICES } from '../../../../shared/schemas.ts';
import {
  type BusinessSettings,
  companySettingsRequestSchema,
  type Provider,
  providerSettingsRequestSchema,
  RETENTION_DAYS,
  type StaffMe,
  servicesSettingsRequestSchema,
} from '../../../../shared/staff-schemas.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { providerOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { texts } from '../../../lib/texts.ts';
import { kioskPath } from '../../kiosk/kiosk-path.ts';
import { LobbyScreenSettingsCard } from '../../lobby-screen/components/lobby-screen-settings-card.tsx';
import {
  useAddProvider,
  useRemoveProvider,
  useSaveCompany,
  useSaveProvider,
  useSaveServices,
  useSettings,
  useUploadLogo,
} from '../api/settings-api.ts';
import { timeZoneLabel, timeZoneOptions } from '../time-zones.ts';
import { ApiKeysForm } from './api-keys-form.tsx';
import { CalendarFeedsForm } from './calendar-feeds-form.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { HoursForm } from './hours-form.tsx';
import { JoinFieldsForm } from './join-fields-form.tsx';
import { PartySizeForm } from './party-size-form.tsx';
import { ProviderSchedulesForm } from './provider-schedules-form.tsx';
import { errorText, SaveRow, SaveState, saveErrorText, useFieldErrors } from './save-state.tsx';
import { WebhooksForm } from './webhooks-form.tsx';

/** The business's own wording for each text, over the default it replaces. */
const SMS_TEXT_FIELDS = [
  { key: 'smsJoinText', label: texts.settings.smsJoinText, kind: 'join' },
  { key: 'smsCalledText', label: texts.settings.smsCalledText, kind: 'called' },
] as const;

function BusinessForm({ settings, canEdit }: { settings: BusinessSettings; canEdit: boolean }) {
  const save = useSaveCompany();
  const [form, setForm] = useState({
    name: settings.name,
    street: settings.street,
    city: settings.city,
    state: settings.state,
    zip: settings.zip,
    timeZone: settings.timeZone,
    smsJoinText: settings.smsJoinText,
    smsCalledText: settings.smsCalledText,
    requestReplyMinutes: String(settings.requestReplyMinutes),
    retentionDays: String(settings.retentionDays),
    nearTurnDefault: settings.nearTurnDefault as string,
  });
  const problems = useFieldErrors<HTMLFormElement>();
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    problems.clear(key);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The zone goes only when changed: a stored zone this browser does not know must not stop
    // the owner saving a new address.
    const parsed = companySettingsRequestSchema.safeParse({
      ...form,
      timeZone: form.timeZone === settings.timeZone ? undefined : form.timeZone,
      requestReplyMinutes:
        form.requestReplyMinutes.trim() === '' ? Number.NaN : Number(form.requestReplyMinutes),
      retentionDays: form.retentionDays.trim() === '' ? Number.NaN : Number(form.retentionDays),
    });
    if (!parsed.success) return problems.show(issuesByField(parsed.error));
    problems.show({});
    save.mutate(parsed.data, { onError: problems.fromServer });
  };
  const { errors } = problems;
  return (
    <form ref={problems.ref} className="settings-card" onSubmit={submit} noValidate>
      <h2 className="settings-card__title">{texts.settings.business}</h2>
      <TextField
        label={texts.settings.name}
        value={form.name}
        onChange={set('name')}
        disabled={!canEdit}
        error={errors.name}
      />
      <TextField
        label={texts.settings.street}
        value={form.street}
        onChange={set('street')}
        disabled={!canEdit}
        error={errors.street}
      />
      <div className="settings-row">
        <TextField
          label={texts.settings.city}
          value={form.city}
          onChange={set('city')}
          disabled={!canEdit}
          error={errors.city}
        />
        <TextField
          label={texts.settings.state}
          value={form.state}
          onChange={set('state')}
          disabled={!canEdit}
          width="90px"
          error={errors.state}
        />
        <TextField
          label={texts.settings.zip}
          value={form.zip}
          onChange={set('zip')}
          disabled={!canEdit}
          width="130px"
          error={errors.zip}
        />
      </div>
      <Field label={texts.settings.timeZone} note={texts.settings.timeZoneHint} error={errors.timeZone}>
        {(id, control) => (
          <select
            {...control}
            id={id}
            className="input"
            disabled={!canEdit}
            value={form.timeZone}
            onChange={(event) => set('timeZone')(event.target.value)}
          >
            {timeZoneOptions(settings.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneLabel(zone)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label={texts.request.replyMinutes}
        type="number"
        inputMode="numeric"
        min={1}
        max={240}
        value={form.requestReplyMinutes}
        onChange={set('requestReplyMinutes')}
        disabled={!canEdit}
        width="200px"
        error={errors.requestReplyMinutes}
      />
      <TextField
        label={texts.privacy.retentionDays}
        note={texts.privacy.retentionHint}
        type="number"
        inputMode="numeric"
        min={RETENTION_DAYS.min}
        max={RETENTION_DAYS.max}
        value={form.retentionDays}
        onChange={set('retentionDays')}
        disabled={!canEdit}
        // On the input, not the field: the note under the label keeps the card's width.
        style={{ maxWidth: '200px' }}
        error={errors.retentionDays}
      />
      <h3 className="settings-card__subtitle">{texts.settings.smsTexts}</h3>
      <p className="field__note">{texts.settings.smsTextsHint}</p>
      {SMS_TEXT_FIELDS.map(({ key, label, kind }) => (
        <Field key={key} label={label} error={errors[key]}>
          {(id, control) => (
            <textarea
              {...control}
              id={id}
              className="input"
              rows={2}
              disabled={!canEdit}
              placeholder={settings.defaultSmsTexts[kind]}
              value={form[key]}
              onChange={(event) => set(key)(event.target.value)}
            />
          )}
        </Field>
      ))}
      <Field
        label={texts.settings.nearTurnDefault}
        note={texts.settings.nearTurnHint}
        error={errors.nearTurnDefault}
      >
        {(id, control) => (
          <select
            {...control}
            id={id}
            className="input"
            disabled={!canEdit}
            value={form.nearTurnDefault}
            onChange={(event) => set('nearTurnDefault')(event.target.value)}
          >
            {NEAR_TURN_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {texts.settings.nearTurnChoices[choice]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {canEdit ? (
        <SaveRow
          pending={save.isPending}
          success={save.isSuccess}
          error={saveErrorText(save.error)}
          values={form}
        />
      ) : null}
    </form>
  );
}

function ServicesForm({ settings, canEdit }: { settings: BusinessSettings; canEdit: boolean }) {
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
      <h2 className="settings-card__title">{texts.settings.services}</h2>
      <p className="field__note">
        {rows.length === 0 ? texts.settings.usingDefaults : texts.settings.servicesHint}
      </p>
      <ul className="settings-list">
        {rows.map((row, index) => (
          // Rows are edited in place: their position is their identity.
          <li key={index} className="settings-row">
            <TextField
              label={texts.settings.serviceName}
              value={row.name}
              disabled={!canEdit}
              onChange={(name) => edit(index, { name })}
              error={errors[`services.${index}.name`]}
            />
            <TextField
              label={texts.settings.minutes}
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
                {texts.settings.remove}
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
              {texts.settings.addService}
            </button>
          }
        />
      ) : null}
    </form>
  );
}

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
        label={texts.settings.providerName}
        value={form.name}
        onChange={set('name')}
        disabled={!canEdit}
        error={errors.name}
      />
      <TextField
        label={texts.settings.speciality}
        value={form.speciality}
        onChange={set('speciality')}
        disabled={!canEdit}
        error={errors.speciality}
      />
      <TextField
        label={texts.settings.station}
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
            {texts.settings.save}
          </button>
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={remove.isPending}
            onClick={() => setRemoving(true)}
          >
            {texts.settings.remove}
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

function ProvidersForm({ settings, canEdit }: { settings: BusinessSettings; canEdit: boolean }) {
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
      <h2 className="settings-card__title">{texts.settings.providers}</h2>
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
            label={texts.settings.providerName}
            value={form.name}
            onChange={set('name')}
            disabled={false}
            error={errors.name}
          />
          <TextField
            label={texts.settings.speciality}
            value={form.speciality}
            onChange={set('speciality')}
            disabled={false}
            error={errors.speciality}
          />
          <TextField
            label={texts.settings.station}
            value={form.station}
            onChange={set('station')}
            disabled={false}
            width="140px"
            error={errors.station}
          />
          <div className="settings-actions settings-row__end">
            <button type="submit" className="button button--small button--primary" disabled={add.isPending}>
              {texts.settings.addProvider}
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

/** Checked before uploading, in the server's words (logo-image.ts), so a 20 MB photo is not sent. */
function logoFileProblem(file: File): string | null {
  if (file.size > LOGO_UPLOAD.maxBytes) return texts.settings.logoTooLarge;
  if (file.type && !(LOGO_UPLOAD.types as readonly string[]).includes(file.type))
    return texts.settings.logoNotJpegOrPng;
  return null;
}

/** The server refused the file itself (too large, not an image), not the network or itself failing. */
const isRefusal = (error: unknown) => error instanceof ApiRequestError && error.status < 500;

const logoErrorText = (error: unknown) =>
  error instanceof ApiRequestError && error.code === 'PAYLOAD_TOO_LARGE'
    ? texts.settings.logoTooLarge
    : errorText(error);

function LogoForm({
  settings,
  canEdit,
  publicUrl,
}: {
  settings: BusinessSettings;
  canEdit: boolean;
  publicUrl: string;
}) {
  const upload = useUploadLogo();
  const inputId = useId();
  const stateId = useId();
  const [version, setVersion] = useState(0);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  return (
    <section className="settings-card">
      <h2 className="settings-card__title">{texts.settings.logo}</h2>
      <div className="settings-row">
        <img
          className="company-logo"
          src={`/logo/${encodeURIComponent(settings.companyId)}.jpg?v=${version}`}
          alt=""
          width={74}
          height={74}
        />
        <div>
          <p className="field__note">{texts.settings.logoHint}</p>
          {canEdit ? (
            <>
              <label className="button button--small button--secondary" htmlFor={inputId}>
                {texts.settings.uploadLogo}
              </label>
              <input
                id={inputId}
                className="visually-hidden"
                aria-invalid={fileProblem !== null || isRefusal(upload.error) || undefined}
                aria-describedby={stateId}
                type="file"
                accept={LOGO_UPLOAD.types.join(',')}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  // The same file chosen again after a failure must fire a change.
                  event.target.value = '';
                  if (!file) return;
                  const problem = logoFileProblem(file);
                  setFileProblem(problem);
                  if (problem) return upload.reset();
                  upload.mutate(file, { onSuccess: () => setVersion((v) => v + 1) });
                }}
              />
              <SaveState
                id={stateId}
                pending={upload.isPending}
                success={upload.isSuccess}
                error={fileProblem ?? logoErrorText(upload.error)}
              />
            </>
          ) : null}
        </div>
      </div>
      <p className="field__note">
        {texts.settings.link}:{' '}
        {/* PUBLIC_URL, as texts and the poster give it, not the address this console is open at. */}
        <a href={paths.landing.getHref(settings.companyId)}>
          {`${publicUrl.replace(/\/$/, '')}${paths.landing.getHref(settings.companyId)}`}
        </a>
      </p>
      {/* As on the poster: the link texts and the QR code carry would not open on a customer's phone. */}
      {isLocalAddress(publicUrl) ? (
        <p className="notice">{texts.settings.localAddress(new URL(publicUrl).host)}</p>
      ) : null}
      {/* The door (issue 13, docs/door.md): a poster to print and the kiosk for a tablet. */}
      <p className="field__note">{texts.door.hint}</p>
      <div className="settings-actions">
        <Link className="button button--small button--secondary" to="/console/poster">
          {texts.door.printPoster}
        </Link>
        <a
          className="button button--small button--secondary"
          href={kioskPath.getHref(settings.companyId)}
          target="_blank"
          rel="noopener"
        >
          {texts.door.openKiosk}
        </a>
      </div>
    </section>
  );
}

/** Removing a provider asks where their waiting customers go (issue 12): another provider, or anyone. */
function RemoveProviderDialog({
  open,
  provider,
  others,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  provider: Provider;
  others: Provider[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: (moveTo: string | null) => void;
}) {
  const [moveTo, setMoveTo] = useState('');
  return (
    <Modal
      open={open}
      title={texts.settings.removeProviderTitle(provider.name)}
      busy={busy}
      onClose={onCancel}
    >
      <div className="people-link">
        <p>{texts.settings.removeProviderText(provider.name)}</p>
        <SelectField
          label={texts.settings.moveCustomersTo}
          value={moveTo}
          onChange={setMoveTo}
          options={providerOptions(others, texts.console.anyProvider)}
        />
        <div className="settings-actions">
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => onConfirm(moveTo || null)}
          >
            {texts.settings.removeProviderConfirm}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
            {texts.people.cancel}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** Plain forms with inline validation and a visible "saved" state (DESIGN). */
export function SettingsPage({ me }: { me: StaffMe }) {
  const settings = useSettings();
  // Only owners reach Settings (console-page.tsx, and the server); the forms stay read-only otherwise.
  const canEdit = me.role === 'owner';
  if (settings.isPending) return <PanelLoading />;
  if (settings.isError) return <PanelLoadFailed onRetry={() => void settings.refetch()} />;
  return (
    <div className="settings">
      <BusinessForm settings={settings.data} canEdit={canEdit} />
      <LogoForm settings={settings.data} canEdit={canEdit} publicUrl={me.publicUrl} />
      <HoursForm settings={settings.data} canEdit={canEdit} />
      <JoinFieldsForm settings={settings.data} canEdit={canEdit} />
      <PartySizeForm settings={settings.data} canEdit={canEdit} />
      <FeedbackForm settings={settings.data} canEdit={canEdit} />
      <ServicesForm settings={settings.data} canEdit={canEdit} />
      <ProvidersForm settings={settings.data} canEdit={canEdit} />
      <ProviderSchedulesForm settings={settings.data} canEdit={canEdit} />
      {canEdit ? <CalendarFeedsForm /> : null}
      {canEdit ? <LobbyScreenSettingsCard /> : null}
      {canEdit ? <ApiKeysForm timeZone={settings.data.timeZone} /> : null}
      {canEdit ? <WebhooksForm timeZone={settings.data.timeZone} /> : null}
    </div>
  );
}
