import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { JoinAnswers, JoinField } from '../../../../shared/join-fields.ts';
import type { Language } from '../../../../shared/languages.ts';
import type { WalkInLanding } from '../../../../shared/schemas.ts';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { BackIcon, CheckIcon } from '../../../components/ui/icons.tsx';
import { LoadFailedPage, MessagePage } from '../../../components/ui/message-page.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { logEvent } from '../../../lib/analytics.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { showLanguage } from '../../../lib/language-choice.ts';
import { pageLanguage } from '../../../lib/page-language.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useWaitEntry } from '../../wait-list/api/get-wait-entry.ts';
import { ConfirmJoinModal } from '../../wait-list/components/confirm-join-modal.tsx';
import { JoinDetailsFields } from '../../wait-list/components/join-details-fields.tsx';
import { joinErrorText } from '../../wait-list/join-errors.ts';
import { useJoinFlow } from '../../wait-list/use-join-flow.ts';
import { forgetWalkInLanding } from '../../walk-in/api/get-walk-in-landing.ts';
import type { WalkInLandingResult } from '../../walk-in/api/walk-in-landing-result.ts';
import { CompanyLogo } from '../../walk-in/components/company-logo.tsx';
import { ServicePicker } from '../../walk-in/components/service-picker.tsx';
import { WalkInsStoppedNotice } from '../../walk-in/components/walk-ins-stopped.tsx';
import {
  endGuest,
  IDLE_RESET_MS,
  IDLE_WARNING_MS,
  IGNORE_TAPS_MS,
  RETURN_TO_START_MS,
} from '../kiosk-guest.ts';

/** Events carry this, so a business can tell the door's tablet from guests' own phones (docs/door.md). */
const SOURCE = 'kiosk';

/**
 * /{companyId}/kiosk: the walk-in flow on a tablet at the door (issue 13, docs/door.md). Each guest
 * is a new anonymous customer; nothing leads out of it, and it returns to the start by itself.
 */
export function KioskPage() {
  const result = useLoaderData<WalkInLandingResult>();
  const revalidator = useRevalidator();
  if (result.status === 'not-found') {
    // No link: a kiosk has nowhere else to send a guest.
    return (
      <MessagePage title={customerTexts.landing.notFoundTitle} body={customerTexts.kiosk.notFoundBody} />
    );
  }
  if (result.status === 'failed') {
    return (
      <LoadFailedPage busy={revalidator.state === 'loading'} onRetry={() => void revalidator.revalidate()} />
    );
  }
  return <Kiosk landing={result.landing} />;
}

/**
 * The language the kiosk opened in: the business's (the server renders the kiosk in it). Kept
 * beside the page, which a guest's other language renders anew.
 */
let kioskStartLanguage: Language | null = null;

function Kiosk({ landing }: { landing: WalkInLanding }) {
  kioskStartLanguage ??= pageLanguage();
  const [guest, setGuest] = useState(0);
  const queryClient = useQueryClient();
  const { companyId } = landing;
  useDocumentTitle(customerTexts.kiosk.title(landing.name));

  // Whatever an earlier visitor of this browser left (a token, a name, a phone) is not the first guest's.
  useEffect(() => endGuest(), []);
  useStayOnBack();

  const nextGuest = useCallback(() => {
    endGuest();
    // The next guest starts in the business's language, whatever this one picked.
    const start = kioskStartLanguage;
    if (start && pageLanguage() !== start) {
      showLanguage(start, { scope: 'customer', remember: false }).catch((error: unknown) =>
        console.warn('The kiosk could not go back to its language', error),
      );
    }
    queryClient.removeQueries({ queryKey: ['wait-entry'] });
    // The route's own screen_view counted the first guest; each later guest is a view of its own.
    logEvent('screen_view', { screen_name: SOURCE, params: JSON.stringify({ companyId }), companyId });
    setGuest((count) => count + 1);
  }, [queryClient, companyId]);

  useFollowWalkInsStopped(companyId);

  // A new key unmounts the previous guest's steps: no state of theirs survives.
  return <KioskGuest key={guest} landing={landing} onDone={nextGuest} />;
}

/** How often the tablet asks whether the business takes walk-ins (it opens, closes, pauses). */
const INTAKE_REFRESH_MS = 60_000;

/** The kiosk stays open all day: its business's data is read again every minute. */
function useFollowWalkInsStopped(companyId: string) {
  const revalidator = useRevalidator();
  // The latest one, without restarting the timer on every render.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    const timer = setInterval(() => {
      forgetWalkInLanding(companyId);
      void revalidate.current();
    }, INTAKE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [companyId]);
}

/**
 * The browser's Back (a tablet's Back gesture or button) does not leave the kiosk: the kiosk keeps
 * one history entry of its own above it and puts it back each time Back uses it. The kiosk's own
 * steps are not history entries, so Back changes nothing on screen.
 */
function useStayOnBack() {
  useEffect(() => {
    const keepEntry = () => window.history.pushState(window.history.state, '', window.location.href);
    keepEntry();
    window.addEventListener('popstate', keepEntry);
    return () => window.removeEventListener('popstate', keepEntry);
  }, []);
}

type Step =
  | { name: 'service' }
  | { name: 'details'; service: string }
  | { name: 'done'; service: string; guestName: string; waitId: string; textSent: boolean };

/**
 * While `active`: after IDLE_WARNING_MS without a touch or a key, `warning` turns true (the guest is
 * asked whether they are still there); after IDLE_RESET_MS, `onIdle` runs. A touch or a key starts
 * the count again; `dismiss` hides the warning (its own button: every tap while it is open lands on it).
 */
function useIdleReset(active: boolean, onIdle: () => void) {
  const [warning, setWarning] = useState(false);
  useEffect(() => {
    if (!active) return;
    let warnTimer: ReturnType<typeof setTimeout> | undefined;
    let resetTimer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(warnTimer);
      clearTimeout(resetTimer);
      warnTimer = setTimeout(() => setWarning(true), IDLE_WARNING_MS);
      resetTimer = setTimeout(onIdle, IDLE_RESET_MS);
    };
    restart();
    const events = ['pointerdown', 'keydown', 'input'] as const;
    for (const name of events) document.addEventListener(name, restart, true);
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(resetTimer);
      for (const name of events) document.removeEventListener(name, restart, true);
    };
  }, [active, onIdle]);
  const dismiss = useCallback(() => setWarning(false), []);
  return { warning, dismiss };
}

/** "Are you still there?", 30 s before a guest who stopped touching the kiosk is forgotten. */
function StillThereModal({ open, onStay }: { open: boolean; onStay: () => void }) {
  return (
    <Modal open={open} title={customerTexts.kiosk.stillThereTitle} onClose={onStay}>
      <p className="modal__text">
        {customerTexts.kiosk.stillThereBody((IDLE_RESET_MS - IDLE_WARNING_MS) / 1000)}
      </p>
      <button type="button" className="button button--primary button--block" onClick={onStay}>
        {customerTexts.kiosk.stillHere}
      </button>
    </Modal>
  );
}

function KioskGuest({ landing, onDone }: { landing: WalkInLanding; onDone: () => void }) {
  const { companyId } = landing;
  const [step, setStep] = useState<Step>({ name: 'service' });
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [phoneDigits, setPhoneDigits] = useState('');
  const [answers, setAnswers] = useState<JoinAnswers>({});
  const [partySize, setPartySize] = useState(1);
  const started =
    selected !== null ||
    name !== '' ||
    phoneDigits !== '' ||
    Object.values(answers).some(Boolean) ||
    partySize > 1;
  const idle = useIdleReset(step.name !== 'done' && started, onDone);

  if (step.name === 'done') {
    return (
      <KioskConfirmation
        companyId={companyId}
        waitId={step.waitId}
        guestName={step.guestName}
        service={step.service}
        textSent={step.textSent}
        onDone={onDone}
      />
    );
  }
  return (
    <main className="kiosk">
      <header className="kiosk__header">
        <CompanyLogo
          companyId={companyId}
          alt={customerTexts.landing.logoAlt(landing.name)}
          onSettled={noop}
        />
        <p className="kiosk__business">{landing.name}</p>
      </header>
      {/* A guest picks a language before starting; it is not kept for the next guest. */}
      {step.name === 'service' ? <LanguageSwitcher scope="customer" remember={false} /> : null}
      {step.name === 'service' && landing.walkInsStopped ? (
        <WalkInsStoppedNotice stopped={landing.walkInsStopped} />
      ) : step.name === 'service' ? (
        <KioskServiceStep
          landing={landing}
          selected={selected}
          onSelect={setSelected}
          onNext={(service) => setStep({ name: 'details', service })}
        />
      ) : (
        <KioskDetailsStep
          companyId={companyId}
          service={step.service}
          name={name}
          phoneDigits={phoneDigits}
          onNameChange={setName}
          onPhoneDigitsChange={setPhoneDigits}
          joinFields={landing.joinFields}
          answers={answers}
          onAnswersChange={setAnswers}
          largestParty={landing.largestParty}
          partySize={partySize}
          onPartySizeChange={setPartySize}
          onBack={() => setStep({ name: 'service' })}
          onJoined={(joined) => setStep({ name: 'done', service: step.service, ...joined })}
        />
      )}
      <StillThereModal open={idle.warning} onStay={idle.dismiss} />
    </main>
  );
}

const noop = () => {};

function KioskServiceStep(props: {
  landing: WalkInLanding;
  selected: string | null;
  onSelect: (service: string) => void;
  onNext: (service: string) => void;
}) {
  const { landing, selected, onSelect, onNext } = props;
  const errorId = useId();
  const [showError, setShowError] = useState(false);
  return (
    <>
      <h1 className="kiosk__title">{customerTexts.landing.heading}</h1>
      <p className="kiosk__subtitle">{customerTexts.landing.subheading}</p>
      <ServicePicker
        services={landing.services}
        selected={selected}
        invalid={showError}
        errorId={errorId}
        onSelect={(service) => {
          onSelect(service);
          setShowError(false);
          logEvent('walk_in_service_selected', { companyId: landing.companyId, service, source: SOURCE });
        }}
      />
      <p id={errorId} className="field-error" aria-live="polite">
        {showError ? customerTexts.landing.selectService : ''}
      </p>
      <div className="kiosk__actions">
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => {
            if (!selected) return setShowError(true);
            logEvent('walk_in_next_pressed', {
              companyId: landing.companyId,
              service: selected,
              source: SOURCE,
            });
            onNext(selected);
          }}
        >
          {customerTexts.landing.next}
        </button>
      </div>
    </>
  );
}

function KioskDetailsStep(props: {
  companyId: string;
  service: string;
  name: string;
  phoneDigits: string;
  onNameChange: (name: string) => void;
  onPhoneDigitsChange: (digits: string) => void;
  /** The business's own questions (docs/join-fields.md) and the guest's answers. */
  joinFields: readonly JoinField[];
  answers: JoinAnswers;
  onAnswersChange: (change: (answers: JoinAnswers) => JoinAnswers) => void;
  /** "People in your party" (docs/party-size.md), kept with the guest like the answers. */
  largestParty: number;
  partySize: number;
  onPartySizeChange: (size: number) => void;
  onBack: () => void;
  onJoined: (joined: { guestName: string; waitId: string; textSent: boolean }) => void;
}) {
  const { companyId, service, name, phoneDigits, onBack, onJoined } = props;
  const { joinFields, answers, largestParty, partySize } = props;
  const details = { name, phoneDigits, answers, partySize };
  const flow = useJoinFlow({
    companyId,
    service,
    joinFields,
    largestParty,
    details,
    // No push token: this tablet's notifications are not the guest's (docs/door.md).
    pushToken: null,
    source: SOURCE,
    // A guest whose join still waits for the connection when the kiosk moves on (they walked away)
    // is not joined later, when they may be gone, nor under whoever's identity the tablet has by then.
    withdrawOnUnmount: true,
    errorText: kioskJoinErrorText,
    onJoined: ({ waitId, textSent, name: guestName }) => onJoined({ guestName, waitId, textSent }),
  });

  return (
    <>
      <button type="button" className="kiosk__back" onClick={onBack}>
        <BackIcon size={24} />
        {customerTexts.kiosk.back}
      </button>
      <h1 className="kiosk__title">{customerTexts.userInfo.heading}</h1>
      <p className="chosen-service">
        <span className="chosen-service__label">{customerTexts.userInfo.serviceLabel}</span>
        <span className="chosen-service__name">{service}</span>
      </p>
      <form
        className="form"
        noValidate
        autoComplete="off"
        onSubmit={(event) => {
          event.preventDefault();
          if (!flow.busy) flow.next();
        }}
      >
        <JoinDetailsFields
          flow={flow}
          details={details}
          joinFields={joinFields}
          largestParty={largestParty}
          onNameChange={props.onNameChange}
          onPhoneDigitsChange={props.onPhoneDigitsChange}
          onAnswersChange={props.onAnswersChange}
          onPartySizeChange={props.onPartySizeChange}
          autoFill={false}
        />
        <div className="kiosk__actions">
          <button type="submit" className="button button--primary button--block" disabled={flow.busy}>
            {customerTexts.userInfo.next}
          </button>
        </div>
      </form>
      <ConfirmJoinModal {...flow.confirmation} waitingText={customerTexts.kiosk.waitingForConnection} />
    </>
  );
}

/**
 * As on a phone, except where the phone's words ask what a guest at the door cannot do: connect
 * the tablet, or wait out the per-IP join limit (an hour's count): the front desk can add them.
 */
function kioskJoinErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.isOffline) return customerTexts.kiosk.joinUnreachable;
  if (error instanceof ApiRequestError && error.code === 'RATE_LIMITED')
    return customerTexts.kiosk.joinLimited;
  return joinErrorText(error);
}

function KioskConfirmation(props: {
  companyId: string;
  waitId: string;
  guestName: string;
  service: string;
  textSent: boolean;
  onDone: () => void;
}) {
  const { companyId, waitId, guestName, service, textSent, onDone } = props;
  // The guest's place in line, read with the guest's own token (still this browser's until onDone).
  const entry = useWaitEntry(companyId, waitId);
  const position = entry.data?.status === 'waiting' ? entry.data.position : null;
  const shownAt = useRef(Date.now());

  useEffect(() => {
    const timer = setTimeout(onDone, RETURN_TO_START_MS);
    return () => clearTimeout(timer);
  }, [onDone]);

  const tap = () => {
    if (Date.now() - shownAt.current >= IGNORE_TAPS_MS) onDone();
  };

  return (
    // The whole screen is the tap target (issue 13); the button below serves keyboards and screen readers.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the Start over button inside is the keyboard's way.
    <main className="kiosk kiosk--done" onClick={tap}>
      <span className="success-badge">
        <CheckIcon size={48} />
      </span>
      <h1 className="kiosk__title">{customerTexts.kiosk.thanks(guestName)}</h1>
      <p className="kiosk__line kiosk__line--strong">{customerTexts.kiosk.onTheList(service)}</p>
      {position ? <p className="kiosk__line">{customerTexts.live.position(position)}</p> : null}
      <p className="kiosk__line">
        {textSent ? customerTexts.kiosk.textComing : customerTexts.kiosk.askAtDesk}
      </p>
      <button
        type="button"
        className="button button--primary kiosk__restart"
        onClick={(event) => {
          // The screen's own tap handler would start a second new guest.
          event.stopPropagation();
          tap();
        }}
      >
        {customerTexts.kiosk.startOver}
      </button>
      <p className="kiosk__hint">{customerTexts.kiosk.returnsBySelf(RETURN_TO_START_MS / 1000)}</p>
    </main>
  );
}
