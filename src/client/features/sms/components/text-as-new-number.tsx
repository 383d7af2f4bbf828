import { useState } from 'react';
import { maskPhone, phoneDigitsFromInput, toStoredPhoneNumber } from '../../../../shared/phone.ts';
import { firstIssue } from '../../../../shared/schemas.ts';
import { textAsCustomerRequestSchema } from '../../../../shared/staff-schemas.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useReplyAsCustomer } from '../api/sms-api.ts';

/**
 * Outbox only: a text to the business's own number from a phone it never texted, as a customer
 * joining by text would send (JOIN, or anything). Its answers then list below, each with "Reply
 * as this customer" to go on. What was typed stays when the text is refused.
 */
export function TextAsNewNumber() {
  const send = useReplyAsCustomer();
  const [phone, setPhone] = useState('');
  const [body, setBody] = useState('JOIN');
  const [problem, setProblem] = useState<{ field: 'phoneNumber' | 'body'; message: string } | null>(null);
  const t = consoleTexts.sms.newNumber;
  return (
    <form
      className="sms-new-number"
      aria-label={t.title}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = textAsCustomerRequestSchema.safeParse({
          phoneNumber: toStoredPhoneNumber(phoneDigitsFromInput(phone)),
          body,
        });
        if (!parsed.success) {
          const issue = firstIssue(parsed.error);
          setProblem({ field: issue.field === 'body' ? 'body' : 'phoneNumber', message: issue.message });
          return;
        }
        setProblem(null);
        send.mutate(parsed.data, {
          onSuccess: () => setBody(''),
          onError: (error) =>
            setProblem({
              field: 'phoneNumber',
              message: error instanceof ApiRequestError && error.status === 403 ? t.notNew : t.failed,
            }),
        });
      }}
    >
      <h2 className="sms-new-number__title">{t.title}</h2>
      <p className="sms-new-number__note">{t.note}</p>
      <div className="sms-new-number__fields">
        <TextField
          label={t.phone}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={phone}
          onChange={(value) => setPhone(maskPhone(phoneDigitsFromInput(value)))}
          error={problem?.field === 'phoneNumber' ? problem.message : null}
        />
        <TextField
          label={t.body}
          autoComplete="off"
          value={body}
          onChange={setBody}
          error={problem?.field === 'body' ? problem.message : null}
        />
      </div>
      <button type="submit" className="button button--small button--primary" disabled={send.isPending}>
        {t.send}
      </button>
      <span className="save-state" role="status">
        {send.isSuccess && !problem ? t.sent : ''}
      </span>
    </form>
  );
}
