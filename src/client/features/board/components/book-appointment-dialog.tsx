import { type FormEvent, useState } from 'react';
import { bookAppointmentRequestSchema } from '../../../../shared/appointment-schemas.ts';
import { todayIn } from '../../../../shared/business-day.ts';
import {
  isCompletePhone,
  maskPhone,
  phoneDigitsFromInput,
  toStoredPhoneNumber,
} from '../../../../shared/phone.ts';
import { firstIssue } from '../../../../shared/schemas.ts';
import type { Provider } from '../../../../shared/staff-schemas.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { providerOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { randomId } from '../../../lib/random-id.ts';
import { texts } from '../../../lib/texts.ts';
import { useBookAppointment } from '../api/appointments-api.ts';

/**
 * "Book" (owner, front desk): a visit for a time with a provider, on the business's clock. It
 * shows in Coming up and joins the line when marked Arrived (docs/appointments.md).
 */
export function BookAppointmentDialog({
  open,
  services,
  providers,
  timeZone,
  onClose,
}: {
  open: boolean;
  services: readonly string[];
  providers: readonly Provider[];
  /** The business's zone: the date and time typed are on its clock. */
  timeZone: string;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [serviceType, setServiceType] = useState('');
  const [providerId, setProviderId] = useState('');
  const [date, setDate] = useState(() => todayIn(timeZone));
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per booking typed in: a retry after a lost answer books once.
  const [requestKey, setRequestKey] = useState(randomId);
  const book = useBookAppointment(requestKey);

  function close() {
    setProblem(null);
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
    const parsed = bookAppointmentRequestSchema.safeParse({
      name,
      serviceType,
      phoneNumber: digits ? toStoredPhoneNumber(digits) : null,
      providerId,
      date,
      time,
    });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error).message);
      return;
    }
    setProblem(null);
    book.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setPhone('');
        setProviderId('');
        setTime('');
        setRequestKey(randomId());
        onClose();
      },
      onError: (error) =>
        setProblem(
          error instanceof ApiRequestError && error.status < 500 ? error.message : texts.appointments.failed,
        ),
    });
  }

  return (
    <Modal open={open} title={texts.appointments.title} busy={book.isPending} onClose={close}>
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
        <p className="field__note">{texts.appointments.phoneHint}</p>
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
          label={texts.appointments.provider}
          value={providerId}
          onChange={setProviderId}
          options={providerOptions(providers, texts.appointments.pickProvider)}
        />
        <TextField label={texts.appointments.date} type="date" value={date} onChange={setDate} />
        <TextField label={texts.appointments.time} type="time" value={time} onChange={setTime} step={300} />
        <p className="form-error" role="alert">
          {problem ?? ''}
        </p>
        <div className="settings-actions">
          <button type="submit" className="button button--primary" disabled={book.isPending}>
            {book.isPending ? texts.appointments.booking : texts.appointments.book}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={book.isPending}
            onClick={close}
          >
            {texts.people.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
