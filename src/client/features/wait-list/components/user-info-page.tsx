import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useParams } from 'react-router';
import { formatLocation } from '../../../../shared/address.ts';
import type { JoinAnswers, JoinField } from '../../../../shared/join-fields.ts';
import { paths } from '../../../../shared/paths.ts';
import { phoneDigitsFromInput, toStoredPhoneNumber } from '../../../../shared/phone.ts';
import { firstIssue, joinWaitListRequestSchema, type WalkInsStopped } from '../../../../shared/schemas.ts';
import { BackIcon } from '../../../components/ui/icons.tsx';
import { logEvent } from '../../../lib/analytics.ts';
import { captureConversionToken, reportConversion } from '../../../lib/conversion.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { useStateFromBrowser } from '../../../lib/hydration.ts';
import { rememberLastService } from '../../../lib/last-service.ts';
import { randomId } from '../../../lib/random-id.ts';
import { readStored, storageKeys, writeStored } from '../../../lib/storage-keys.ts';
import { useDocumentDescription, useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { WalkInLandingResult } from '../../walk-in/api/walk-in-landing-result.ts';
import { LandingUnavailable } from '../../walk-in/components/landing-unavailable.tsx';
import { WalkInsStoppedNotice } from '../../walk-in/components/walk-ins-stopped.tsx';
import { useJoinWaitList } from '../api/join-wait-list.ts';
import { type AnswerProblems, answerProblemFromJoinError, checkJoinAnswers } from '../join-answers.ts';
import { fieldProblemFromJoinError, joinErrorText } from '../join-errors.ts';
import { findJoinedVisit, rememberJoinedVisit } from '../joined-visits.ts';
import { checkNameAndPhone, type FieldProblem } from '../name-and-phone.ts';
import { checkPartySize, partyProblemFromJoinError, partySizeRequest } from '../party-size.ts';
import { ConfirmJoinModal } from './confirm-join-modal.tsx';
import { JoinFieldInputs } from './join-field-inputs.tsx';
import { NameAndPhoneFields } from './name-and-phone-fields.tsx';
import { PartySizeField } from './party-size-field.tsx';

/** /{companyId}/{serviceName}/user-info (spec §2, §5). Business data from walkInLandingLoader. */
export function UserInfoPage() {
  const result = useLoaderData<WalkInLandingResult>();
  const service = useParams().serviceName ?? '';
  useDocumentTitle(customerTexts.userInfo.heading);

  if (result.status !== 'ok') return <LandingUnavailable result={result} />;
  return (
    <UserInfoForm
      companyId={result.landing.companyId}
      companyName={result.landing.name}
      address={formatLocation(result.landing.location)}
      service={service}
      stopped={result.landing.walkInsStopped}
      joinFields={result.landing.joinFields}
      largestParty={result.landing.largestParty}
    />
  );
}

function UserInfoForm(props: {
  companyId: string;
  companyName: string;
  address: string;
  service: string;
  /** Not taking walk-ins now: the form gives way to the reason (an earlier join's link stays). */
  stopped: WalkInsStopped | null;
  /** The business's own questions, under name and phone; none: the page is as the spec draws it. */
  joinFields: readonly JoinField[];
  /** The largest party it takes (docs/party-size.md); 1: the form does not ask. */
  largestParty: number;
}) {
  const { companyId, companyName, address, service, stopped, joinFields, largestParty } = props;
  useDocumentDescription(customerTexts.userInfo.description(companyName, service));
  const navigate = useNavigate();
  const location = useLocation();
  // Kept from an earlier visit in this browser; the server's HTML has the fields empty.
  const [name, setName] = useStateFromBrowser(() => readStored('local', storageKeys.userName) ?? '', '');
  const [phoneDigits, setPhoneDigits] = useStateFromBrowser(
    () => phoneDigitsFromInput(readStored('local', storageKeys.userPhone) ?? ''),
    '',
  );
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [answers, setAnswers] = useState<JoinAnswers>({});
  const [answerProblems, setAnswerProblems] = useState<AnswerProblems>({});
  const [partySize, setPartySize] = useState(1);
  const [partyProblem, setPartyProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ idempotencyKey: string } | null>(null);
  // Closed while the join waited for the connection: it never went out.
  const [withdrawn, setWithdrawn] = useState(false);
  // Back from the confirmation remounts this page on the same history entry: it already joined.
  const [joinedWaitId] = useStateFromBrowser(() => findJoinedVisit(location.key, location.pathname), null);
  const [confirmedHere, setConfirmed] = useState(false);
  const confirmed = confirmedHere || joinedWaitId !== null;
  const join = useJoinWaitList();
  // Next pressed on the landing page before its scripts ran brings its `rwg_token` here (spec §2).
  useEffect(() => {
    captureConversionToken(location.search, companyId);
  }, [location.search, companyId]);
  // The same details keep the same key, so re-confirming after a lost response cannot join twice.
  const idempotency = useRef<{ details: string; key: string } | null>(null);

  const next = () => {
    logEvent('user_info_next_pressed', { companyId, service });
    const trimmedName = name.trim();
    const found = checkNameAndPhone(trimmedName, phoneDigits, customerTexts.userInfo.missingNameAndPhone);
    setProblem(found);
    setWithdrawn(false);
    if (found) return;
    const checked = checkJoinAnswers(joinFields, answers);
    setAnswerProblems(checked.ok ? {} : checked.problems);
    if (!checked.ok) return;
    const partyIssue = checkPartySize(largestParty, partySize);
    setPartyProblem(partyIssue);
    if (partyIssue) return;
    writeStored('local', storageKeys.userName, trimmedName);
    writeStored('local', storageKeys.userPhone, phoneDigits);
    join.reset();
    const details = JSON.stringify([
      companyId,
      service,
      trimmedName,
      phoneDigits,
      checked.answers,
      partySize,
    ]);
    if (idempotency.current?.details !== details) idempotency.current = { details, key: randomId() };
    setConfirming({ idempotencyKey: idempotency.current.key });
  };

  const confirm = () => {
    if (!confirming) return;
    const parsed = joinWaitListRequestSchema.safeParse({
      serviceType: service,
      name: name.trim(),
      phoneNumber: toStoredPhoneNumber(phoneDigits),
      allowSms: true,
      fcmToken: readStored('local', storageKeys.pushToken),
      // Sent only when the business asks something: otherwise the join is as it always was.
      ...(joinFields.length > 0 ? { answers } : {}),
      ...partySizeRequest(partySize),
    });
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      setConfirming(null);
      setProblem({ field: (issue.field as FieldProblem['field']) ?? 'form', message: issue.message });
      return;
    }
    setConfirmed(true);
    join.mutate(
      { companyId, request: parsed.data, idempotencyKey: confirming.idempotencyKey },
      {
        onSuccess: ({ waitId }) => {
          logEvent('user_info_new_walkin_success', { companyId, service, waitId });
          reportConversion(companyId);
          writeStored('session', storageKeys.selectedService, null);
          rememberLastService(companyId, service);
          rememberJoinedVisit({ visit: location.key, path: location.pathname, waitId });
          navigate(paths.checkedIn.getHref(companyId, waitId));
        },
        onError: (error) => {
          setConfirmed(false);
          const answerProblem = answerProblemFromJoinError(error);
          if (answerProblem) {
            setConfirming(null);
            setAnswerProblems(answerProblem);
            return;
          }
          // The business lowered its largest party since the page loaded: said under the field.
          const partyIssue = partyProblemFromJoinError(error);
          if (partyIssue) {
            setConfirming(null);
            setPartyProblem(partyIssue);
            return;
          }
          const problem = fieldProblemFromJoinError(error);
          if (problem) {
            setConfirming(null);
            setProblem(problem);
          }
        },
      },
    );
  };

  const modalError = join.isError ? joinErrorText(join.error) : null;

  return (
    <>
      <main className="page page--with-bottom-bar">
        <nav className="top-nav">
          <Link className="back-link" to={paths.landing.getHref(companyId)}>
            <BackIcon size={18} />
            <span>{companyName}</span>
          </Link>
        </nav>
        {stopped ? <WalkInsStoppedNotice stopped={stopped} /> : null}
        {stopped ? null : <h1 className="page__title">{customerTexts.userInfo.heading}</h1>}
        {stopped ? null : (
          <p className="chosen-service">
            <span className="chosen-service__label">{customerTexts.userInfo.serviceLabel}</span>
            <span className="chosen-service__name">{service}</span>
            <Link className="chosen-service__change" to={paths.landing.getHref(companyId)}>
              {customerTexts.userInfo.change}
            </Link>
          </p>
        )}
        {joinedWaitId ? (
          <p className="notice" role="status">
            {customerTexts.userInfo.alreadyJoined}{' '}
            <Link to={paths.checkedIn.getHref(companyId, joinedWaitId)}>
              {customerTexts.userInfo.seeYourPlace}
            </Link>
          </p>
        ) : null}
        {stopped ? null : (
          <form
            className="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!confirmed) next();
            }}
          >
            <NameAndPhoneFields
              name={name}
              phoneDigits={phoneDigits}
              problem={problem}
              onNameChange={setName}
              onPhoneDigitsChange={setPhoneDigits}
              onProblemFixed={() => setProblem(null)}
            />
            <JoinFieldInputs
              fields={joinFields}
              answers={answers}
              problems={answerProblems}
              onChange={(fieldId, value) => {
                setAnswers((current) => ({ ...current, [fieldId]: value }));
                setAnswerProblems(({ [fieldId]: _fixed, ...others }) => others);
              }}
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
            {withdrawn ? (
              <p className="notice" role="status">
                {customerTexts.confirm.withdrawn}
              </p>
            ) : null}
            <div className="bottom-bar">
              <button type="submit" className="button button--primary button--block" disabled={confirmed}>
                {customerTexts.userInfo.next}
              </button>
            </div>
          </form>
        )}
        {address ? (
          <p className="page__footnote">
            {companyName} · {address}
          </p>
        ) : null}
      </main>
      <ConfirmJoinModal
        open={confirming !== null}
        name={name.trim()}
        service={service}
        pending={join.isPending}
        offline={join.isPaused}
        error={modalError}
        onClose={() => {
          if (join.withdrawWaiting()) {
            setConfirmed(false);
            setWithdrawn(true);
            setConfirming(null);
          } else if (!join.isPending) setConfirming(null);
        }}
        onConfirm={confirm}
      />
    </>
  );
}
