import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { JoinField } from '../../../../shared/join-fields.ts';
import { deskWalkInRequestSchema, type Provider } from '../../../../shared/staff-schemas.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { texts } from '../../../lib/texts.ts';
import { staffRequest } from '../../staff/api/staff-api.ts';
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
  onClose,
}: {
  open: boolean;
  services: readonly string[];
  providers: readonly Provider[];
  /** The business's own questions (docs/join-fields.md): asked here as on the customer's page. */
  joinFields: readonly JoinField[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useGuestForm(onClose);
  const add = useMutation({
    mutationFn: (body: object) =>
      staffRequest('/v1/staff/walk-ins', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': form.requestKey },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: boardQueryKey }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const answers = form.checkAnswers(joinFields);
    const request = form.parse(deskWalkInRequestSchema, ({ providerId, ...guest }) => ({
      ...guest,
      providerId: providerId || null,
      ...answers,
    }));
    if (!request || !answers) return;
    add.mutate(request, {
      onSuccess: form.sent,
      onError: (error) => form.failed(error, texts.deskWalkIn.failed),
    });
  }

  return (
    <Modal open={open} title={texts.deskWalkIn.title} busy={add.isPending} onClose={form.close}>
      <form className="people-link" onSubmit={submit} noValidate>
        <GuestFields
          guest={form.guest}
          onChange={form.setGuest}
          services={services}
          providers={providers}
          phoneHint={texts.deskWalkIn.phoneHint}
          providerLabel={texts.console.provider}
          noProviderLabel={texts.console.anyProvider}
          joinFields={joinFields}
          answerProblems={form.answerProblems}
        />
        <p className="form-error" role="alert">
          {form.problem ?? ''}
        </p>
        <DialogActions
          busy={add.isPending}
          label={texts.deskWalkIn.add}
          busyLabel={texts.deskWalkIn.adding}
          onCancel={form.close}
        />
      </form>
    </Modal>
  );
}
