import { useId, useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate, useParams } from 'react-router';
import { formatLocation } from '../../../../shared/address.ts';
import {
  isCompletePhone,
  maskPhone,
  phoneDigitsFromInput,
  toStoredPhoneNumber,
} from '../../../../shared/phone.ts';
import { firstIssue, joinWaitListRequestSchema } from '../../../../shared/schemas.ts';
import { AlertIcon, BackIcon } from '../../../components/ui/icons.tsx';
import { logEvent } from '../../../lib/analytics.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { reportConversion } from '../../../lib/conversion.ts';
import { paths } from '../../../lib/paths.ts';
import { randomId } from '../../../lib/random-id.ts';
import { readStored, storageKeys, writeStored } from '../../../lib/storage-keys.ts';
import { texts } from '../../../lib/texts.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { WalkInLandingResult } from '../../walk-in/api/get-walk-in-landing.ts';
import { LandingUnavailable } from '../../walk-in/components/landing-unavailable.tsx';
import { useJoinWaitList } from '../api/join-wait-list.ts';
import { ConfirmJoinModal } from './confirm-join-modal.tsx';

type FieldProblem = { field: 'name' | 'phoneNumber' | 'serviceType' | 'form'; message: string | null };

/** /{companyId}/{serviceName}/user-info (spec §2, §5). Business data from walkInLandingLoader. */
export function UserInfoPage() {
  const result = useLoaderData<WalkInLandingResult>();
  const service = useParams().serviceName ?? '';
  useDocumentTitle(texts.userInfo.heading);

  if (result.status !== 'ok') return <LandingUnavailable result={result} />;
  return (
    <UserInfoForm
      companyId={result.landing.companyId}
      companyName={result.landing.name}
      address={formatLocation(result.landing.location)}
      service={service}
    />
  );
}

function UserInfoForm(props: { companyId: string; companyName: string; address: string; service: string }) {
  const { companyId, companyName, address, service } = props;
  const navigate = useNavigate();
  const nameId = useId();
  const phoneId = useId();
  const errorId = useId();
  const [name, setName] = useState(() => readStored('local', storageKeys.userName) ?? '');
  const [phoneDigits, setPhoneDigits] = useState(() =>
    phoneDigitsFromInput(readStored('local', storageKeys.userPhone) ?? ''),
  );
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [confirming, setConfirming] = useState<{ idempotencyKey: string } | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const join = useJoinWaitList();
  // The same details keep the same key, so re-confirming after a lost response cannot join twice.
  const idempotency = useRef<{ details: string; key: string } | null>(null);

  const nameInvalid = problem?.field === 'name';
  const phoneInvalid = problem?.field === 'phoneNumber';

  const next = () => {
    logEvent('user_info_next_pressed', { companyId, service });
    const trimmedName = name.trim();
    if (!trimmedName && phoneDigits.length === 0) {
      setProblem({ field: 'form', message: texts.userInfo.missingNameAndPhone });
      return;
    }
    if (!isCompletePhone(phoneDigits)) {
      // Spec §5: the phone field turns red, with no message on screen.
      setProblem({ field: 'phoneNumber', message: null });
      return;
    }
    setProblem(null);
    writeStored('local', storageKeys.userName, trimmedName);
    writeStored('local', storageKeys.userPhone, phoneDigits);
    join.reset();
    const details = JSON.stringify([companyId, service, trimmedName, phoneDigits]);
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
          navigate(paths.checkedIn.getHref(companyId, waitId));
        },
        onError: (error) => {
          setConfirmed(false);
          if (error instanceof ApiRequestError && error.field) {
            setConfirming(null);
            const field =
              (['name', 'phoneNumber', 'serviceType'] as const).find((f) => f === error.field) ?? 'form';
            setProblem({ field, message: error.message });
          }
        },
      },
    );
  };

  const modalError = join.isError
    ? join.error instanceof ApiRequestError && join.error.isOffline
      ? texts.confirm.offline
      : join.error instanceof ApiRequestError && join.error.status < 500
        ? join.error.message
        : texts.confirm.failed
    : null;

  return (
    <>
      <main className="page page--with-bottom-bar">
        <nav className="top-nav">
          <Link className="back-link" to={paths.landing.getHref(companyId)}>
            <BackIcon size={18} />
            <span>{companyName}</span>
          </Link>
        </nav>
        <h1 className="page__title">{texts.userInfo.heading}</h1>
        <p className="chosen-service">
          <span className="chosen-service__label">{texts.userInfo.serviceLabel}</span>
          <span className="chosen-service__name">{service}</span>
          <Link className="chosen-service__change" to={paths.landing.getHref(companyId)}>
            {texts.userInfo.change}
          </Link>
        </p>
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirmed) next();
          }}
        >
          <div className={`field${nameInvalid ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={nameId}>
              {texts.userInfo.nameLabel}
            </label>
            <div className="field__control">
              <input
                id={nameId}
                className="input"
                name="name"
                autoComplete="name"
                autoCapitalize="words"
                enterKeyHint="next"
                maxLength={60}
                value={name}
                aria-invalid={nameInvalid || undefined}
                aria-describedby={nameInvalid ? `${nameId}-hint` : undefined}
                onChange={(event) => {
                  setName(event.target.value);
                  if (problem?.field === 'name' || problem?.field === 'form') setProblem(null);
                }}
              />
              {nameInvalid ? <AlertIcon className="field__icon" /> : null}
            </div>
            {nameInvalid ? (
              <p id={`${nameId}-hint`} className="field-error">
                {problem?.message ?? texts.userInfo.nameInvalidHint}
              </p>
            ) : null}
          </div>
          <div className={`field${phoneInvalid ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={phoneId}>
              {texts.userInfo.phoneLabel}
            </label>
            <div className="field__control">
              <input
                id={phoneId}
                className="input"
                name="phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                enterKeyHint="done"
                placeholder={texts.userInfo.phonePlaceholder}
                value={maskPhone(phoneDigits)}
                aria-invalid={phoneInvalid || undefined}
                aria-describedby={phoneInvalid ? `${phoneId}-hint` : `${phoneId}-note`}
                onChange={(event) => {
                  setPhoneDigits(phoneDigitsFromInput(event.target.value));
                  if (problem?.field === 'phoneNumber' || problem?.field === 'form') setProblem(null);
                }}
              />
              {phoneInvalid ? <AlertIcon className="field__icon" /> : null}
            </div>
            {phoneInvalid ? (
              problem?.message ? (
                <p id={`${phoneId}-hint`} className="field-error">
                  {problem.message}
                </p>
              ) : (
                // Spec §5 shows no message here; screen readers still need to hear why.
                <span id={`${phoneId}-hint`} className="visually-hidden">
                  {texts.userInfo.phoneInvalidHint}
                </span>
              )
            ) : (
              <p id={`${phoneId}-note`} className="field__note">
                {texts.userInfo.smsNote}
              </p>
            )}
          </div>
          <p id={errorId} className="form-error" aria-live="polite">
            {problem?.field === 'form' || problem?.field === 'serviceType' ? problem.message : ''}
          </p>
          <div className="bottom-bar">
            <button type="submit" className="button button--primary button--block" disabled={confirmed}>
              {texts.userInfo.next}
            </button>
          </div>
        </form>
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
        error={modalError}
        onClose={() => {
          if (join.isPending) return;
          setConfirming(null);
        }}
        onConfirm={confirm}
      />
    </>
  );
}
