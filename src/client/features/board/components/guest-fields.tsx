import { useState } from 'react';
import type * as z from 'zod/mini';
import type { JoinAnswers, JoinField } from '../../../../shared/join-fields.ts';
import {
  isCompletePhone,
  maskPhone,
  phoneDigitsFromInput,
  toStoredPhoneNumber,
} from '../../../../shared/phone.ts';
import { firstIssue } from '../../../../shared/schemas.ts';
import type { Provider } from '../../../../shared/staff-schemas.ts';
import { providerOptions, SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { randomId } from '../../../lib/random-id.ts';
import { JoinFieldInputs } from '../../wait-list/components/join-field-inputs.tsx';
import {
  type AnswerProblems,
  answerProblemFromJoinError,
  checkJoinAnswers,
} from '../../wait-list/join-answers.ts';

/** The guest a desk dialog (Add walk-in, Book) is filled in for. */
export interface GuestDraft {
  name: string;
  /** As typed, masked. */
  phone: string;
  serviceType: string;
  providerId: string;
  /** Answers to the business's own questions, by field id (Add walk-in only; docs/join-fields.md). */
  answers: JoinAnswers;
}

const NO_GUEST: GuestDraft = { name: '', phone: '', serviceType: '', providerId: '', answers: {} };

/**
 * The number as the server stores it (null when none was typed), or what is wrong with it: a
 * phone is optional at the desk, but one begun must be whole.
 */
function guestPhoneNumber(phone: string): { phoneNumber: string | null } | { problem: string } {
  const digits = phoneDigitsFromInput(phone);
  if (digits.length > 0 && !isCompletePhone(digits))
    return { problem: consoleTexts.deskWalkIn.phoneIncomplete };
  return { phoneNumber: digits ? toStoredPhoneNumber(digits) : null };
}

/**
 * What a desk dialog (Add walk-in, Book) keeps while it is filled in: the guest, the problem shown
 * under the fields, and the request's idempotency key: one per guest typed in, so a retry after a
 * lost answer adds them once, and the next guest is another request.
 */
export function useGuestForm(onClose: () => void) {
  const [guest, setGuest] = useState<GuestDraft>(NO_GUEST);
  const [problem, setProblem] = useState<string | null>(null);
  // What is wrong with each answer, under its field.
  const [answerProblems, setAnswerProblems] = useState<AnswerProblems>({});
  const [requestKey, setRequestKey] = useState(randomId);
  return {
    guest,
    setGuest(next: GuestDraft) {
      setGuest(next);
      setAnswerProblems((current) =>
        Object.fromEntries(Object.entries(current).filter(([id]) => next.answers[id] === guest.answers[id])),
      );
    },
    problem,
    answerProblems,
    requestKey,
    /**
     * The answers checked against the business's questions (the server's rule), or null after
     * showing what is wrong under each field. None asked: undefined, and the request is as before.
     */
    checkAnswers(fields: readonly JoinField[]): { answers?: JoinAnswers } | null {
      if (fields.length === 0) return {};
      const checked = checkJoinAnswers(fields, guest.answers);
      setAnswerProblems(checked.ok ? {} : checked.problems);
      return checked.ok ? { answers: checked.answers } : null;
    },
    close() {
      setProblem(null);
      setAnswerProblems({});
      // The next guest is another request, even if this one's answer was lost.
      setRequestKey(randomId());
      onClose();
    },
    /** The request `schema` reads from the guest's fields (and the dialog's own); null after showing why not. */
    parse<Schema extends z.ZodMiniType>(
      schema: Schema,
      fields: (
        guest: Omit<GuestDraft, 'phone' | 'answers'> & { phoneNumber: string | null },
      ) => z.input<Schema>,
    ): z.output<Schema> | null {
      const phone = guestPhoneNumber(guest.phone);
      if ('problem' in phone) {
        setProblem(phone.problem);
        return null;
      }
      const { phone: _typed, answers: _answers, ...fieldsTyped } = guest;
      const parsed = schema.safeParse(fields({ ...fieldsTyped, phoneNumber: phone.phoneNumber }));
      setProblem(parsed.success ? null : firstIssue(parsed.error).message);
      return parsed.success ? parsed.data : null;
    },
    /** Taken by the server: the next guest starts empty, with the same service picked. */
    sent() {
      setGuest({ ...NO_GUEST, serviceType: guest.serviceType });
      setRequestKey(randomId());
      onClose();
    },
    /** Refused or failed: the server's own words for what the desk can act on, `fallback` otherwise. */
    failed(error: unknown, fallback: string) {
      const answerProblem = answerProblemFromJoinError(error);
      if (answerProblem) return setAnswerProblems(answerProblem);
      setProblem(error instanceof ApiRequestError && error.status < 500 ? error.message : fallback);
    },
  };
}

/** Name, phone (with its hint), service and provider: the same four fields in each desk dialog. */
export function GuestFields({
  guest,
  onChange,
  services,
  providers,
  phoneHint,
  providerLabel,
  noProviderLabel,
  joinFields = [],
  answerProblems = {},
}: {
  guest: GuestDraft;
  onChange: (guest: GuestDraft) => void;
  services: readonly string[];
  providers: readonly Provider[];
  phoneHint: string;
  providerLabel: string;
  /** The provider list's first option: "any" for a walk-in, "pick one" for a booking. */
  noProviderLabel: string;
  /** The business's own questions, under the phone (Add walk-in); none for a booking. */
  joinFields?: readonly JoinField[];
  answerProblems?: AnswerProblems;
}) {
  return (
    <>
      <TextField
        label={consoleTexts.deskWalkIn.name}
        value={guest.name}
        onChange={(name) => onChange({ ...guest, name })}
        autoComplete="off"
        maxLength={50}
      />
      <TextField
        label={consoleTexts.deskWalkIn.phone}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        value={guest.phone}
        onChange={(value) => onChange({ ...guest, phone: maskPhone(phoneDigitsFromInput(value)) })}
      />
      <p className="field__note">{phoneHint}</p>
      <JoinFieldInputs
        fields={joinFields}
        answers={guest.answers}
        problems={answerProblems}
        autoFill={false}
        onChange={(fieldId, value) => onChange({ ...guest, answers: { ...guest.answers, [fieldId]: value } })}
      />
      <SelectField
        label={consoleTexts.deskWalkIn.service}
        value={guest.serviceType}
        onChange={(serviceType) => onChange({ ...guest, serviceType })}
        options={[
          { value: '', label: consoleTexts.deskWalkIn.pickService },
          ...services.map((service) => ({ value: service, label: service })),
        ]}
      />
      <SelectField
        label={providerLabel}
        value={guest.providerId}
        onChange={(providerId) => onChange({ ...guest, providerId })}
        options={providerOptions(providers, noProviderLabel)}
      />
    </>
  );
}

/** A desk dialog's submit and Cancel, both still while it sends. */
export function DialogActions({
  busy,
  label,
  busyLabel,
  onCancel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="settings-actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
        {consoleTexts.people.cancel}
      </button>
    </div>
  );
}
