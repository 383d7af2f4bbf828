import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  isCompletePhone,
  maskPhone,
  phoneDigitsFromInput,
  toStoredPhoneNumber,
} from '../../../../shared/phone.ts';
import { firstIssue } from '../../../../shared/schemas.ts';
import { deskWalkInRequestSchema, type Provider } from '../../../../shared/staff-schemas.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { providerOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { randomId } from '../../../lib/random-id.ts';
import { texts } from '../../../lib/texts.ts';
import { staffRequest } from '../../staff/api/staff-api.ts';
import { boardQueryKey } from '../api/board-api.ts';

/**
 * "Add walk-in" (owner, front desk): a phone-in or a guest at the desk. With a phone the guest
 * gets the join text and can reply; without one they are on the board only.
 */
export function AddWalkInDialog({
  open,
  services,
  providers,
  onClose,
}: {
  open: boolean;
  services: readonly string[];
  providers: readonly Provider[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [serviceType, setServiceType] = useState('');
  const [providerId, setProviderId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per guest typed in: a retried request after a lost answer adds them once.
  const [requestKey, setRequestKey] = useState(randomId);
  const add = useMutation({
    mutationFn: (body: object) =>
      staffRequest('/v1/staff/walk-ins', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': requestKey },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: boardQueryKey }),
  });

  function close() {
    setProblem(null);
    // The next guest is another request, even if this one's answer was lost.
    setRequestKey(randomId());
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = phoneDigitsFromInput(phone);
    if (digits.length > 0 && !isCompletePhone(digits)) {
      setProblem(texts.deskWalkIn.phoneIncomplete);
      return;
    }
    const parsed = deskWalkInRequestSchema.safeParse({
      name,
      serviceType,
      phoneNumber: digits ? toStoredPhoneNumber(digits) : null,
      providerId: providerId || null,
    });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error).message);
      return;
    }
    setProblem(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setPhone('');
        setProviderId('');
        setRequestKey(randomId());
        onClose();
      },
      onError: (error) =>
        setProblem(
          error instanceof ApiRequestError && error.status < 500 ? error.message : texts.deskWalkIn.failed,
        ),
    });
  }

  return (
    <Modal open={open} title={texts.deskWalkIn.title} busy={add.isPending} onClose={close}>
      <form className="people-link" onSubmit={submit} noValidate>
        <TextField
          label={texts.deskWalkIn.name}
          value={name}
          onChange={setName}
          autoComplete="off"
          maxLength={50}
        />
        <TextField
          label={texts.deskWalkIn.phone}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={phone}
          onChange={(value) => setPhone(maskPhone(phoneDigitsFromInput(value)))}
        />
        <p className="field__note">{texts.deskWalkIn.phoneHint}</p>
        <SelectField
          label={texts.deskWalkIn.service}
          value={serviceType}
          onChange={setServiceType}
          options={[
            { value: '', label: texts.deskWalkIn.pickService },
            ...services.map((service) => ({ value: service, label: service })),
          ]}
        />
        <SelectField
          label={texts.console.provider}
          value={providerId}
          onChange={setProviderId}
          options={providerOptions(providers, texts.console.anyProvider)}
        />
        <p className="form-error" role="alert">
          {problem ?? ''}
        </p>
        <div className="settings-actions">
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            {add.isPending ? texts.deskWalkIn.adding : texts.deskWalkIn.add}
          </button>
          <button type="button" className="button button--secondary" disabled={add.isPending} onClick={close}>
            {texts.people.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
