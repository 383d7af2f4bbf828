import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { JoinField } from '../../../../shared/join-fields.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../shared/languages.ts';
import { joinWaitListResponseSchema } from '../../../../shared/schemas.ts';
import { deskWalkInRequestSchema, type Provider } from '../../../../shared/staff-schemas.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { staffRequest } from '../../../lib/staff-api.ts';
import { PartySizeField } from '../../wait-list/components/party-size-field.tsx';
import { checkPartySize, partySizeRequest } from '../../wait-list/party-size.ts';
import { boardQueryKey } from '../api/board-api.ts';
import { DialogActions, GuestFields, useGuestForm } from './guest-fields.tsx';

/**
 * "Add walk-in" (owner, front desk): a phone-in or a guest at the desk. With a phone the guest
 * gets the join text and can reply; without one they are on the board only.
 */
export function AddWalkInDialog({
  open,
  services,
  providers,
  joinFields,
  largestParty,
  businessLanguage,
  onClose,
}: {
  open: boolean;
  services: readonly string[];
  providers: readonly Provider[];
  /** The business's own questions (docs/join-fields.md): asked here as on the customer's page. */
  joinFields: readonly JoinField[];
  /** The largest party the business takes (docs/party-size.md); 1: not asked. */
  largestParty: number;
  /** The first choice for the guest's texts; the desk picks another for a guest who reads one. */
  businessLanguage: Language;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  // The next guest starts as one person, as the form's own fields start empty.
  const form = useGuestForm(() => {
    setPartySize(1);
    setLanguage(businessLanguage);
    onClose();
  });
  const [partySize, setPartySize] = useState(1);
  const [language, setLanguage] = useState<Language>(businessLanguage);
  const [partyProblem, setPartyProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: object) =>
      staffRequest('/v1/staff/walk-ins', joinWaitListResponseSchema, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': form.requestKey },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: boardQueryKey }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const answers = form.checkAnswers(joinFields);
    const partyIssue = checkPartySize(largestParty, partySize);
    setPartyProblem(partyIssue);
    const request = form.parse(deskWalkInRequestSchema, ({ providerId, ...guest }) => ({
      ...guest,
      providerId: providerId || null,
      ...answers,
      ...partySizeRequest(partySize),
      language,
    }));
    if (!request || !answers || partyIssue) return;
    add.mutate(request, {
      onSuccess: form.sent,
      onError: (error) => form.failed(error, consoleTexts.deskWalkIn.failed),
    });
  }

  return (
    <Modal open={open} title={consoleTexts.deskWalkIn.title} busy={add.isPending} onClose={form.close}>
      <form className="people-link" onSubmit={submit} noValidate>
        <GuestFields
          guest={form.guest}
          onChange={form.setGuest}
          services={services}
          providers={providers}
          phoneHint={consoleTexts.deskWalkIn.phoneHint}
          providerLabel={consoleTexts.console.provider}
          noProviderLabel={consoleTexts.console.anyProvider}
          joinFields={joinFields}
          answerProblems={form.answerProblems}
        />
        <PartySizeField
          largestParty={largestParty}
          value={partySize}
          problem={partyProblem}
          onChange={(size) => {
            setPartySize(size);
            setPartyProblem(null);
          }}
        />
        <SelectField
          label={consoleTexts.deskWalkIn.textsLanguage}
          note={consoleTexts.deskWalkIn.textsLanguageHint}
          value={language}
          onChange={(chosen) => setLanguage(chosen as Language)}
          options={LANGUAGES.map((option) => ({ value: option, label: LANGUAGE_NAMES[option] }))}
        />
        <p className="form-error" role="alert">
          {form.problem ?? ''}
        </p>
        <DialogActions
          busy={add.isPending}
          label={consoleTexts.deskWalkIn.add}
          busyLabel={consoleTexts.deskWalkIn.adding}
          onCancel={form.close}
        />
      </form>
    </Modal>
  );
}
