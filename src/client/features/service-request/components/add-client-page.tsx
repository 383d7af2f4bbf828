import { useId, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { maskPhone, phoneDigitsFromInput, phoneDigitsOnly } from '../../../../shared/phone.ts';
import { addClientRequestSchema, firstIssue, UUID_PATTERN } from '../../../../shared/schemas.ts';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { MessagePage } from '../../../components/ui/message-page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { logEvent } from '../../../lib/analytics.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { useStateFromBrowser, useTypedBeforeHydration } from '../../../lib/hydration.ts';
import { randomId } from '../../../lib/random-id.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { findJoinedVisit, rememberJoinedVisit } from '../../wait-list/joined-visits.ts';
import { WalkInsStoppedNotice } from '../../walk-in/components/walk-ins-stopped.tsx';
import { useAddClient } from '../api/add-client.ts';
import { useServiceRequestProvider } from '../api/service-request-provider.ts';

/**
 * /add-client/{spId}?companyId&spSpeciality&spName&originatorPhoneNumber (spec §2): a service
 * request straight to a named provider. originatorPhoneNumber is read but not used, as in the spec.
 */
export function AddClientPage() {
  const spId = useParams().spId ?? '';
  const [params] = useSearchParams();
  const companyId = params.get('companyId') ?? '';
  const spName = params.get('spName') ?? '';
  const spSpeciality = params.get('spSpeciality') ?? '';
  const phoneId = useId();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phoneDigits, setPhoneDigits] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const idempotency = useRef<{ details: string; key: string } | null>(null);
  const addClient = useAddClient();
  const location = useLocation();
  // Back from the page that follows the request remounts this one on the same history entry: it
  // already sent, and Send again put a second request on the board (as Next did on user-info).
  const [sentWaitId] = useStateFromBrowser(() => findJoinedVisit(location.key, location.pathname), null);
  const phoneField = useTypedBeforeHydration(maskPhone(phoneDigits), (typed) =>
    setPhoneDigits(phoneDigitsFromInput(typed)),
  );
  const provider = useServiceRequestProvider(companyId, spId);
  useDocumentTitle(spName || customerTexts.addClient.title);

  if (!companyId)
    return <MessagePage title={customerTexts.notFound.title} body={customerTexts.addClient.missingLink} />;
  // The link names a provider who does not work there (or a business that does not exist): said
  // at once, in the server's words. A network failure leaves the form; Send says what happened.
  if (!UUID_PATTERN.test(spId))
    return (
      <MessagePage
        title={customerTexts.addClient.linkNotValid}
        body={customerTexts.addClient.unknownProvider}
      />
    );
  if (provider.error instanceof ApiRequestError && provider.error.status === 404)
    return <MessagePage title={customerTexts.addClient.linkNotValid} body={provider.error.message} />;

  const waitId = addClient.data?.waitId ?? sentWaitId;
  if (waitId) {
    return (
      <main className="page page--center">
        <span className="success-badge">
          <CheckIcon size={40} />
        </span>
        <h1 className="page__title">{customerTexts.addClient.allSet}</h1>
        <p className="page__text page__text--strong">{customerTexts.addClient.sentTo(spName)}</p>
        {/* Back to a request sent earlier: whether its text went out is not kept. */}
        {addClient.data ? (
          <p className="page__text">
            {addClient.data.textSent ? customerTexts.addClient.textSent : customerTexts.addClient.textNotSent}
          </p>
        ) : null}
        <Link
          className="button button--primary button--block"
          to={paths.checkedIn.getHref(companyId, waitId)}
        >
          {customerTexts.request.follow}
        </Link>
      </main>
    );
  }

  const send = () => {
    // Spec §5: the only check is that first name and phone are not both empty.
    if (!firstName.trim() && phoneDigits.length === 0) {
      setProblem(customerTexts.addClient.missing);
      return;
    }
    const parsed = addClientRequestSchema.safeParse({
      spId,
      spName,
      spSpeciality,
      companyId,
      clientName: [firstName.trim(), lastName.trim()].filter(Boolean).join(' '),
      clientPhoneNumber: phoneDigitsOnly(maskPhone(phoneDigits)),
    });
    if (!parsed.success) {
      setProblem(firstIssue(parsed.error).message);
      return;
    }
    setProblem(null);
    const details = JSON.stringify(parsed.data);
    if (idempotency.current?.details !== details) idempotency.current = { details, key: randomId() };
    addClient.mutate(
      { request: parsed.data, idempotencyKey: idempotency.current.key },
      {
        onSuccess: (sent) => {
          rememberJoinedVisit({ visit: location.key, path: location.pathname, waitId: sent.waitId });
          logEvent('add_client_success', { spId, companyId });
        },
      },
    );
  };

  const serverError =
    // The server's own words for what the customer can act on (an invalid number, too many joins).
    addClient.error instanceof ApiRequestError &&
    addClient.error.status >= 400 &&
    addClient.error.status < 500
      ? addClient.error.message
      : addClient.error
        ? customerTexts.addClient.failed
        : null;

  const header = (
    <header className="provider-header">
      <p className="provider-header__name">{spName}</p>
      {spSpeciality ? <p className="provider-header__speciality">{spSpeciality}</p> : null}
    </header>
  );
  // Not taking requests now: the reason instead of the form (docs/opening-hours.md).
  const stopped = provider.data?.walkInsStopped ?? null;
  if (stopped) {
    return (
      <main className="page">
        {header}
        <WalkInsStoppedNotice stopped={stopped} />
      </main>
    );
  }

  return (
    <main className="page">
      {header}
      <h1 className="page__title">{customerTexts.addClient.title}</h1>
      <form
        className="form form--overlay-host"
        noValidate
        aria-busy={addClient.isPending}
        onSubmit={(event) => {
          event.preventDefault();
          if (!addClient.isPending) send();
        }}
      >
        <TextField
          label={customerTexts.addClient.firstName}
          required
          autoComplete="given-name"
          value={firstName}
          onChange={setFirstName}
        />
        <TextField
          label={customerTexts.addClient.lastName}
          required
          autoComplete="family-name"
          value={lastName}
          onChange={setLastName}
        />
        <div className="field">
          <label className="field__label" htmlFor={phoneId}>
            {customerTexts.addClient.phone}
          </label>
          <input
            ref={phoneField}
            id={phoneId}
            className="input"
            required
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder={customerTexts.userInfo.phonePlaceholder}
            value={maskPhone(phoneDigits)}
            onChange={(event) => setPhoneDigits(phoneDigitsFromInput(event.target.value))}
          />
        </div>
        <p className="form-error" aria-live="polite">
          {problem ?? serverError ?? ''}
        </p>
        <button type="submit" className="button button--primary button--block" disabled={addClient.isPending}>
          {addClient.isPending ? customerTexts.addClient.sending : customerTexts.addClient.send}
        </button>
        {addClient.isPending ? (
          <div className="form-overlay">
            <Spinner label={customerTexts.addClient.sending} />
            {/* Offline the request waits for the connection (TanStack Query pauses it): say so. */}
            {addClient.isPaused ? (
              <p className="form-overlay__text" role="status">
                {customerTexts.addClient.waitingForConnection}
              </p>
            ) : null}
          </div>
        ) : null}
      </form>
    </main>
  );
}
