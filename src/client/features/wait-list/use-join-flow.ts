import { useRef, useState } from 'react';
import type { JoinAnswers, JoinField } from '../../../shared/join-fields.ts';
import { toStoredPhoneNumber } from '../../../shared/phone.ts';
import { firstIssue, joinWaitListRequestSchema } from '../../../shared/schemas.ts';
import { logEvent } from '../../lib/analytics.ts';
import { customerTexts } from '../../lib/customer-texts.ts';
import { randomId } from '../../lib/random-id.ts';
import { useJoinWaitList } from './api/join-wait-list.ts';
import { type AnswerProblems, answerProblemFromJoinError, checkJoinAnswers } from './join-answers.ts';
import { fieldProblemFromJoinError, joinErrorText } from './join-errors.ts';
import { checkNameAndPhone, type FieldProblem } from './name-and-phone.ts';
import { checkPartySize, partyProblemFromJoinError, partySizeRequest } from './party-size.ts';

/** What a walk-in typed: the spec's name and phone, the business's questions, the party's size. */
export interface JoinDetails {
  name: string;
  phoneDigits: string;
  answers: JoinAnswers;
  partySize: number;
}

export interface JoinFlowOptions {
  companyId: string;
  service: string;
  /** The business's own questions (docs/join-fields.md); none: nothing is asked or sent. */
  joinFields: readonly JoinField[];
  /** The largest party it takes (docs/party-size.md); 1: the form does not ask. */
  largestParty: number;
  details: JoinDetails;
  /** The device's push subscription, sent with the join; null on a shared tablet (docs/door.md). */
  pushToken: string | null;
  /** Added to the analytics events (the kiosk's "kiosk"); a phone's events carry none (spec). */
  source?: string;
  /** Whether a join still waiting for the connection is dropped when the form goes (the kiosk). */
  withdrawOnUnmount?: boolean;
  /** The words of a refused join; the phone's by default. */
  errorText?: (error: unknown) => string;
  /** Next passed every check: the details are about to be confirmed (user-info keeps them). */
  onChecked?: (details: { name: string; phoneDigits: string }) => void;
  onJoined: (joined: { waitId: string; textSent: boolean; name: string }) => void;
}

/**
 * The join of spec §2 and §5, shared by the customer's user-info page and the kiosk: Next checks
 * what was typed (each problem under its field), opens the confirmation with a key that stays the
 * same while the details do (a retry after a lost answer joins once), Yes sends the join, and a
 * refusal that names a field goes back under that field. Only the pages' frames differ.
 */
export function useJoinFlow(options: JoinFlowOptions) {
  const { companyId, service, joinFields, largestParty, details, source } = options;
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [answerProblems, setAnswerProblems] = useState<AnswerProblems>({});
  const [partyProblem, setPartyProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ idempotencyKey: string } | null>(null);
  // Closed while the join waited for the connection: it never went out.
  const [withdrawn, setWithdrawn] = useState(false);
  const join = useJoinWaitList({ withdrawOnUnmount: options.withdrawOnUnmount ?? false });
  const idempotency = useRef<{ details: string; key: string } | null>(null);
  const withSource: Record<string, string> = source ? { source } : {};
  const name = details.name.trim();

  const next = () => {
    logEvent('user_info_next_pressed', { companyId, service, ...withSource });
    const found = checkNameAndPhone(name, details.phoneDigits, customerTexts.userInfo.missingNameAndPhone);
    setProblem(found);
    setWithdrawn(false);
    if (found) return;
    const checked = checkJoinAnswers(joinFields, details.answers);
    setAnswerProblems(checked.ok ? {} : checked.problems);
    if (!checked.ok) return;
    const partyIssue = checkPartySize(largestParty, details.partySize);
    setPartyProblem(partyIssue);
    if (partyIssue) return;
    options.onChecked?.({ name, phoneDigits: details.phoneDigits });
    join.reset();
    const typed = JSON.stringify([
      companyId,
      service,
      name,
      details.phoneDigits,
      checked.answers,
      details.partySize,
    ]);
    if (idempotency.current?.details !== typed) idempotency.current = { details: typed, key: randomId() };
    setConfirming({ idempotencyKey: idempotency.current.key });
  };

  /** A refusal that names a field closes the confirmation and says so under that field. */
  const showUnderField = (error: unknown) => {
    const answerProblem = answerProblemFromJoinError(error);
    const partyIssue = answerProblem ? null : partyProblemFromJoinError(error);
    const fieldProblem = answerProblem || partyIssue ? null : fieldProblemFromJoinError(error);
    if (!answerProblem && !partyIssue && !fieldProblem) return;
    setConfirming(null);
    if (answerProblem) setAnswerProblems(answerProblem);
    // The business lowered its largest party since the page loaded.
    if (partyIssue) setPartyProblem(partyIssue);
    if (fieldProblem) setProblem(fieldProblem);
  };

  const confirm = () => {
    if (!confirming || join.isPending) return;
    const parsed = joinWaitListRequestSchema.safeParse({
      serviceType: service,
      name,
      phoneNumber: toStoredPhoneNumber(details.phoneDigits),
      allowSms: true,
      fcmToken: options.pushToken,
      // Sent only when the business asks something: otherwise the join is as it always was.
      ...(joinFields.length > 0 ? { answers: details.answers } : {}),
      ...partySizeRequest(details.partySize),
    });
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      setConfirming(null);
      setProblem({ field: (issue.field as FieldProblem['field']) ?? 'form', message: issue.message });
      return;
    }
    join.mutate(
      { companyId, request: parsed.data, idempotencyKey: confirming.idempotencyKey },
      {
        onSuccess: ({ waitId, textSent }) => {
          logEvent('user_info_new_walkin_success', { companyId, service, waitId, ...withSource });
          options.onJoined({ waitId, textSent, name: parsed.data.name });
        },
        onError: showUnderField,
      },
    );
  };

  return {
    problem,
    answerProblems,
    partyProblem,
    withdrawn,
    /** A join is on its way or done: Next waits. */
    busy: join.isPending || join.isSuccess,
    next,
    fixProblem: () => setProblem(null),
    fixAnswer: (fieldId: string) => setAnswerProblems(({ [fieldId]: _fixed, ...others }) => others),
    fixPartySize: () => setPartyProblem(null),
    /** The confirmation's props (ConfirmJoinModal), but for the words around them. */
    confirmation: {
      open: confirming !== null,
      name,
      service,
      pending: join.isPending,
      offline: join.isPaused,
      error: join.isError ? (options.errorText ?? joinErrorText)(join.error) : null,
      onClose: () => {
        if (join.withdrawWaiting()) {
          setConfirming(null);
          setWithdrawn(true);
        } else if (!join.isPending) setConfirming(null);
      },
      onConfirm: confirm,
    },
  };
}

export type JoinFlow = ReturnType<typeof useJoinFlow>;
