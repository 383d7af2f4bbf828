import { type FormEvent, useState } from 'react';
import { bookAppointmentRequestSchema } from '../../../../shared/appointment-schemas.ts';
import { todayIn } from '../../../../shared/business-day.ts';
import type { Provider } from '../../../../shared/staff-schemas.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useBookAppointment } from '../api/appointments-api.ts';
import { DialogActions, GuestFields, useGuestForm } from './guest-fields.tsx';

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
  const form = useGuestForm(onClose);
  const [date, setDate] = useState(() => todayIn(timeZone));
  const [time, setTime] = useState('');
  const book = useBookAppointment(form.requestKey);

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = form.parse(bookAppointmentRequestSchema, (guest) => ({ ...guest, date, time }));
    if (!request) return;
    book.mutate(request, {
      // The date stays too: the desk often books the same day again.
      onSuccess: () => {
        setTime('');
        form.sent();
      },
      onError: (error) => form.failed(error, consoleTexts.appointments.failed),
    });
  }

  return (
    <Modal open={open} title={consoleTexts.appointments.title} busy={book.isPending} onClose={form.close}>
      <form className="people-link" onSubmit={submit} noValidate>
        <GuestFields
          guest={form.guest}
          onChange={form.setGuest}
          services={services}
          providers={providers}
          phoneHint={consoleTexts.appointments.phoneHint}
          providerLabel={consoleTexts.appointments.provider}
          noProviderLabel={consoleTexts.appointments.pickProvider}
        />
        <TextField label={consoleTexts.appointments.date} type="date" value={date} onChange={setDate} />
        <TextField
          label={consoleTexts.appointments.time}
          type="time"
          value={time}
          onChange={setTime}
          step={300}
        />
        <p className="form-error" role="alert">
          {form.problem ?? ''}
        </p>
        <DialogActions
          busy={book.isPending}
          label={consoleTexts.appointments.book}
          busyLabel={consoleTexts.appointments.booking}
          onCancel={form.close}
        />
      </form>
    </Modal>
  );
}
