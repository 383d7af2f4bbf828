import { useEffect, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useParams } from 'react-router';
import { formatLocation } from '../../../../shared/address.ts';
import type { JoinAnswers, JoinField } from '../../../../shared/join-fields.ts';
import { paths } from '../../../../shared/paths.ts';
import { phoneDigitsFromInput } from '../../../../shared/phone.ts';
import type { WalkInsStopped } from '../../../../shared/schemas.ts';
import { BackIcon } from '../../../components/ui/icons.tsx';
import { captureConversionToken, reportConversion } from '../../../lib/conversion.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { useStateFromBrowser } from '../../../lib/hydration.ts';
import { rememberLastService } from '../../../lib/last-service.ts';
import { readStored, storageKeys, writeStored } from '../../../lib/storage-keys.ts';
import { useDocumentDescription, useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { WalkInLandingResult } from '../../walk-in/api/walk-in-landing-result.ts';
import { LandingUnavailable } from '../../walk-in/components/landing-unavailable.tsx';
import { WalkInsStoppedNotice } from '../../walk-in/components/walk-ins-stopped.tsx';
import { findJoinedVisit, rememberJoinedVisit } from '../joined-visits.ts';
import { useJoinFlow } from '../use-join-flow.ts';
import { ConfirmJoinModal } from './confirm-join-modal.tsx';
import { JoinDetailsFields } from './join-details-fields.tsx';

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
  const [answers, setAnswers] = useState<JoinAnswers>({});
  const [partySize, setPartySize] = useState(1);
  // Back from the confirmation remounts this page on the same history entry: it already joined.
  const [joinedWaitId] = useStateFromBrowser(() => findJoinedVisit(location.key, location.pathname), null);
  // Next pressed on the landing page before its scripts ran brings its `rwg_token` here (spec §2).
  useEffect(() => {
    captureConversionToken(location.search, companyId);
  }, [location.search, companyId]);
  const details = { name, phoneDigits, answers, partySize };
  const flow = useJoinFlow({
    companyId,
    service,
    joinFields,
    largestParty,
    details,
    pushToken: readStored('local', storageKeys.pushToken),
    onChecked: (checked) => {
      writeStored('local', storageKeys.userName, checked.name);
      writeStored('local', storageKeys.userPhone, checked.phoneDigits);
    },
    onJoined: ({ waitId }) => {
      reportConversion(companyId);
      writeStored('session', storageKeys.selectedService, null);
      rememberLastService(companyId, service);
      rememberJoinedVisit({ visit: location.key, path: location.pathname, waitId });
      navigate(paths.checkedIn.getHref(companyId, waitId));
    },
  });
  const confirmed = flow.busy || joinedWaitId !== null;

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
              if (!confirmed) flow.next();
            }}
          >
            <JoinDetailsFields
              flow={flow}
              details={details}
              joinFields={joinFields}
              largestParty={largestParty}
              onNameChange={setName}
              onPhoneDigitsChange={setPhoneDigits}
              onAnswersChange={setAnswers}
              onPartySizeChange={setPartySize}
            />
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
      <ConfirmJoinModal {...flow.confirmation} />
    </>
  );
}
