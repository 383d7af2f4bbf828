import { type FormEvent, useState } from 'react';
import {
  type FeedbackSettingsRequest,
  feedbackSettingsRequestSchema,
} from '../../../../shared/feedback-schemas.ts';
import { issuesByField } from '../../../../shared/schemas.ts';
import type { BusinessSettings } from '../../../../shared/staff-schemas.ts';
import { SaveRow, saveErrorText, useFieldErrors } from '../../../components/ui/save-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useSaveFeedback } from '../api/settings-api.ts';

/**
 * Settings' "Feedback after the visit" (docs/feedback.md): off until the owner turns it on; the
 * review link is offered to happy customers only.
 */
export function FeedbackForm({ settings, canEdit }: { settings: BusinessSettings; canEdit: boolean }) {
  const t = consoleTexts.settings;
  const save = useSaveFeedback();
  const [draft, setDraft] = useState<FeedbackSettingsRequest>(() => ({
    askFeedback: settings.askFeedback,
    reviewUrl: settings.reviewUrl,
  }));
  const problems = useFieldErrors<HTMLFormElement>();
  const { errors } = problems;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = feedbackSettingsRequestSchema.safeParse(draft);
    if (!parsed.success) return problems.show(issuesByField(parsed.error));
    problems.show({});
    save.mutate(parsed.data, { onError: problems.fromServer });
  };

  return (
    <form ref={problems.ref} className="settings-card" onSubmit={submit} noValidate>
      <h2 className="settings-card__title">{t.feedback}</h2>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={draft.askFeedback}
          disabled={!canEdit}
          onChange={(event) => setDraft({ ...draft, askFeedback: event.target.checked })}
        />{' '}
        {t.askFeedback}
      </label>
      <p className="field__note">{t.askFeedbackHint}</p>
      <TextField
        label={t.reviewUrl}
        value={draft.reviewUrl}
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder={t.reviewUrlPlaceholder}
        disabled={!canEdit}
        onChange={(reviewUrl) => {
          setDraft({ ...draft, reviewUrl });
          problems.clear('reviewUrl');
        }}
        error={errors.reviewUrl}
      />
      <p className="field__note">{t.reviewUrlHint}</p>
      {canEdit ? (
        <SaveRow
          pending={save.isPending}
          success={save.isSuccess}
          error={saveErrorText(save.error)}
          values={draft}
        />
      ) : null}
    </form>
  );
}
