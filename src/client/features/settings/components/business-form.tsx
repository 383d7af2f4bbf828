import { type FormEvent, useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../shared/languages.ts';
import { issuesByField, NEAR_TURN_CHOICES } from '../../../../shared/schemas.ts';
import {
  type BusinessSettings,
  companySettingsRequestSchema,
  RETENTION_DAYS,
} from '../../../../shared/staff-schemas.ts';
import { Field } from '../../../components/ui/field.tsx';
import { SaveRow, saveErrorText, useFieldErrors } from '../../../components/ui/save-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useSaveCompany } from '../api/settings-api.ts';
import { smsLength, withExamples } from '../sms-length.ts';
import { timeZoneLabel, timeZoneOptions } from '../time-zones.ts';

/** The business's own wording for each text, over the default it replaces. */
const SMS_TEXT_FIELDS = [
  { kind: 'join', label: () => consoleTexts.settings.smsJoinText, defaultKey: 'defaultJoin' },
  { kind: 'called', label: () => consoleTexts.settings.smsCalledText, defaultKey: 'defaultCalled' },
] as const;

type Wordings = Record<Language, { join: string; called: string }>;

export function BusinessForm({ settings, canEdit }: { settings: BusinessSettings; canEdit: boolean }) {
  const save = useSaveCompany();
  const [form, setForm] = useState({
    name: settings.name,
    street: settings.street,
    city: settings.city,
    state: settings.state,
    zip: settings.zip,
    timeZone: settings.timeZone,
    requestReplyMinutes: String(settings.requestReplyMinutes),
    retentionDays: String(settings.retentionDays),
    nearTurnDefault: settings.nearTurnDefault as string,
    language: settings.language as string,
  });
  // Every language's wording is kept while the owner moves between them, and saved together.
  const [wordings, setWordings] = useState<Wordings>(() => {
    const kept = {} as Wordings;
    for (const language of LANGUAGES) {
      const { join, called } = settings.smsTextsByLanguage[language];
      kept[language] = { join, called };
    }
    return kept;
  });
  // The business's language first: most customers read it.
  const [wordingLanguage, setWordingLanguage] = useState<Language>(settings.language);
  const problems = useFieldErrors<HTMLFormElement>();
  // The placeholders as they will be filled: this business's name, its longest service name.
  const examples = {
    business: form.name,
    service: settings.services.reduce(
      (longest, service) => (service.name.length > longest.length ? service.name : longest),
      '',
    ),
    name: 'Maria',
  };
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
      smsTexts: wordings,
      timeZone: form.timeZone === settings.timeZone ? undefined : form.timeZone,
      requestReplyMinutes:
        form.requestReplyMinutes.trim() === '' ? Number.NaN : Number(form.requestReplyMinutes),
      retentionDays: form.retentionDays.trim() === '' ? Number.NaN : Number(form.retentionDays),
    });
    if (!parsed.success) {
      const issues = issuesByField(parsed.error);
      // A text too long in another language than the one shown: show that language's.
      const wordingIssue = Object.keys(issues).find((key) => key.startsWith('smsTexts.'));
      const issueLanguage = wordingIssue?.split('.')[1] as Language | undefined;
      if (issueLanguage && !Object.keys(issues).some((key) => key.startsWith(`smsTexts.${wordingLanguage}.`)))
        setWordingLanguage(issueLanguage);
      return problems.show(issues);
    }
    problems.show({});
    save.mutate(parsed.data, { onError: problems.fromServer });
  };
  const { errors } = problems;
  return (
    <form ref={problems.ref} className="settings-card" onSubmit={submit} noValidate>
      <h2 className="settings-card__title">{consoleTexts.settings.business}</h2>
      <TextField
        label={consoleTexts.settings.name}
        value={form.name}
        onChange={set('name')}
        disabled={!canEdit}
        error={errors.name}
      />
      <TextField
        label={consoleTexts.settings.street}
        value={form.street}
        onChange={set('street')}
        disabled={!canEdit}
        error={errors.street}
      />
      <div className="settings-row">
        <TextField
          label={consoleTexts.settings.city}
          value={form.city}
          onChange={set('city')}
          disabled={!canEdit}
          error={errors.city}
        />
        <TextField
          label={consoleTexts.settings.state}
          value={form.state}
          onChange={set('state')}
          disabled={!canEdit}
          width="90px"
          error={errors.state}
        />
        <TextField
          label={consoleTexts.settings.zip}
          value={form.zip}
          onChange={set('zip')}
          disabled={!canEdit}
          width="130px"
          error={errors.zip}
        />
      </div>
      <Field
        label={consoleTexts.settings.timeZone}
        note={consoleTexts.settings.timeZoneHint}
        error={errors.timeZone}
      >
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
      <Field
        label={consoleTexts.settings.language}
        note={consoleTexts.settings.languageHint}
        error={errors.language}
      >
        {(id, control) => (
          <select
            {...control}
            id={id}
            className="input"
            disabled={!canEdit}
            value={form.language}
            onChange={(event) => set('language')(event.target.value)}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label={consoleTexts.request.replyMinutes}
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
        label={consoleTexts.privacy.retentionDays}
        note={consoleTexts.privacy.retentionHint}
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
      <h3 className="settings-card__subtitle">{consoleTexts.settings.smsTexts}</h3>
      <p className="field__note">{consoleTexts.settings.smsTextsHint}</p>
      <Field label={consoleTexts.settings.smsTextsLanguage} note={consoleTexts.settings.smsTextsLanguageHint}>
        {(id, control) => (
          <select
            {...control}
            id={id}
            className="input"
            value={wordingLanguage}
            onChange={(event) => setWordingLanguage(event.target.value as Language)}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {SMS_TEXT_FIELDS.map(({ kind, label, defaultKey }) => {
        const fieldKey = `smsTexts.${wordingLanguage}.${kind}`;
        const wording = wordings[wordingLanguage][kind];
        const defaultWording = settings.smsTextsByLanguage[wordingLanguage][defaultKey];
        return (
          <Field
            key={kind}
            label={label()}
            error={errors[fieldKey]}
            note={consoleTexts.settings.smsLength(
              smsLength(withExamples(wording || defaultWording, examples)),
            )}
          >
            {(id, control) => (
              <textarea
                {...control}
                id={id}
                className="input"
                rows={2}
                lang={wordingLanguage}
                disabled={!canEdit}
                placeholder={defaultWording}
                value={wording}
                onChange={(event) => {
                  const value = event.target.value;
                  setWordings((all) => ({
                    ...all,
                    [wordingLanguage]: { ...all[wordingLanguage], [kind]: value },
                  }));
                  problems.clear(fieldKey);
                }}
              />
            )}
          </Field>
        );
      })}
      <Field
        label={consoleTexts.settings.nearTurnDefault}
        note={consoleTexts.settings.nearTurnHint}
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
                {consoleTexts.settings.nearTurnChoices[choice]}
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
          values={{ form, wordings }}
        />
      ) : null}
    </form>
  );
}
