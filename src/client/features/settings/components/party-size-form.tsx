import { type FormEvent, useState } from 'react';
import { PARTY_SIZE_LIMIT } from '../../../../shared/party-size.ts';
import { issuesByField } from '../../../../shared/schemas.ts';
import { type BusinessSettings, partySizeSettingsRequestSchema } from '../../../../shared/staff-schemas.ts';
import { Field } from '../../../components/ui/field.tsx';
import { SaveRow, saveErrorText, useFieldErrors } from '../../../components/ui/save-state.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useSavePartySize } from '../api/settings-api.ts';

const SIZES = Array.from({ length: PARTY_SIZE_LIMIT }, (_, index) => index + 1);

/**
 * Settings › "Largest party" (docs/party-size.md): how many people one join may bring, each an
 * entry of their own on the board. 1, the default: the join form does not ask.
 */
export function PartySizeForm({ settings, canEdit }: { settings: BusinessSettings; canEdit: boolean }) {
  const t = consoleTexts.settings;
  const save = useSavePartySize();
  const [largestParty, setLargestParty] = useState(String(settings.largestParty));
  const problems = useFieldErrors<HTMLFormElement>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = partySizeSettingsRequestSchema.safeParse({ largestParty: Number(largestParty) });
    if (!parsed.success) return problems.show(issuesByField(parsed.error));
    problems.show({});
    save.mutate(parsed.data, { onError: problems.fromServer });
  };

  return (
    <form ref={problems.ref} className="settings-card" onSubmit={submit} noValidate>
      <h2 className="settings-card__title">{t.partySize}</h2>
      <Field
        label={t.largestParty}
        note={t.largestPartyHint}
        error={problems.errors.largestParty}
        width="220px"
      >
        {(id, control) => (
          <select
            {...control}
            id={id}
            className="input"
            disabled={!canEdit}
            value={largestParty}
            onChange={(event) => {
              setLargestParty(event.target.value);
              problems.clear('largestParty');
            }}
          >
            {SIZES.map((size) => (
              <option key={size} value={size}>
                {t.largestPartyOption(size)}
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
          values={largestParty}
        />
      ) : null}
    </form>
  );
}
