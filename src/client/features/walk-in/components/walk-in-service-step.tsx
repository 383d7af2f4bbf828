import { useCallback, useEffect, useId, useState } from 'react';
import { formatLocation } from '../../../../shared/address.ts';
import { paths } from '../../../../shared/paths.ts';
import type { WalkInLanding } from '../../../../shared/schemas.ts';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { logEvent } from '../../../lib/analytics.ts';
import { captureConversionToken } from '../../../lib/conversion.ts';
import { useIsHydrating, useStateFromBrowser } from '../../../lib/hydration.ts';
import { landingTexts } from '../../../lib/landing-texts.ts';
import { readLastService } from '../../../lib/last-service.ts';
import { readStored, storageKeys, writeStored } from '../../../lib/storage-keys.ts';
import { useDocumentDescription, useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LANDING_NEXT_PARAM, readLandingQuery } from '../landing-query.ts';
import { CompanyLogo } from './company-logo.tsx';
import { ServicePicker } from './service-picker.tsx';
import { WalkInsStoppedNotice } from './walk-ins-stopped.tsx';

export interface WalkInServiceStepProps {
  landing: WalkInLanding;
  /** The page's query string: a `rwg_token` in it is kept for conversion tracking (spec §2). */
  search: string;
  /** Goes to the user-info step at this address. */
  onNext: (href: string) => void;
  /** The next step is on its way (the landing page on its own loads the app first: landing.tsx). */
  leaving?: boolean;
  /** Moments before the first service is picked: the next step's code can start loading. */
  onFirstSelect?: () => void;
}

/**
 * /{companyId} with its business loaded (spec §2): logo, address, "Walk ins", the services and Next.
 * No router in here: the server-rendered landing page hydrates it on its own (landing.tsx), and
 * the app's landing route (LandingPage) renders it too.
 */
export function WalkInServiceStep({
  landing,
  search,
  onNext,
  leaving = false,
  onFirstSelect,
}: WalkInServiceStepProps) {
  const errorId = useId();
  const formId = useId();
  // A tap before the scripts ran reloaded the page with it in the query (landing-query.ts).
  const query = readLandingQuery(search, landing.services);
  // Spec §2's full-page spinner covers the page while the logo loads. Not over the server's HTML,
  // which shows the page at once with the logo preloaded beside it (docs/decisions/0008).
  const hydrating = useIsHydrating();
  const [logoSettled, setLogoSettled] = useState(hydrating);
  const [selected, setSelected] = useStateFromBrowser<string | null>(() => {
    if (query.pickedService) return query.pickedService;
    const stored = readStored('session', storageKeys.selectedService);
    return stored && landing.services.includes(stored) ? stored : null;
  }, query.pickedService);
  const [showError, setShowError] = useState(query.nextWithoutService);
  // Kept on the phone only: marked after hydrating, in place, so no tile moves under a thumb.
  const [lastService] = useStateFromBrowser(() => readLastService(landing.companyId, landing.services), null);
  const address = formatLocation(landing.location);
  useDocumentTitle(landing.name);
  useDocumentDescription(landingTexts.landing.description(landing.name, address));

  useEffect(() => {
    writeStored('local', storageKeys.companyName, landing.name);
    writeStored('local', storageKeys.userId, landing.accountId);
  }, [landing]);

  useEffect(() => {
    captureConversionToken(search, landing.companyId);
  }, [search, landing.companyId]);

  // Picked before the scripts ran: kept and counted as a pick made here (spec §3, §7).
  const pickedBeforeScripts = query.pickedService;
  useEffect(() => {
    if (!pickedBeforeScripts) return;
    writeStored('session', storageKeys.selectedService, pickedBeforeScripts);
    logEvent('walk_in_service_selected', { companyId: landing.companyId, service: pickedBeforeScripts });
  }, [pickedBeforeScripts, landing.companyId]);

  const onLogoSettled = useCallback(() => setLogoSettled(true), []);

  const select = (service: string) => {
    onFirstSelect?.();
    setSelected(service);
    setShowError(false);
    writeStored('session', storageKeys.selectedService, service);
    logEvent('walk_in_service_selected', { companyId: landing.companyId, service });
  };

  const next = () => {
    if (leaving) return;
    if (!selected) {
      setShowError(true);
      return;
    }
    logEvent('walk_in_next_pressed', { companyId: landing.companyId, service: selected });
    onNext(paths.userInfo.getHref(landing.companyId, selected));
  };

  return (
    <>
      {/*
        Before the scripts run (a weak connection), the buttons submit this form instead of doing
        nothing: a service tapped reloads this page with it picked, and Next goes to the next page
        (or shows the error). Once hydrated, the buttons' handlers keep it from submitting.
      */}
      <form id={formId} method="get" action={paths.landing.getHref(landing.companyId)} hidden>
        {query.carried.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </form>
      {logoSettled ? null : <FullPageSpinner />}
      <main className="page page--with-bottom-bar">
        <header className="business-header">
          <CompanyLogo
            companyId={landing.companyId}
            alt={landingTexts.landing.logoAlt(landing.name)}
            onSettled={onLogoSettled}
          />
          <div>
            <p className="business-header__name">{landing.name}</p>
            {address ? <p className="business-header__address">{address}</p> : null}
          </div>
        </header>
        {landing.walkInsStopped ? <WalkInsStoppedNotice stopped={landing.walkInsStopped} /> : null}
        {landing.walkInsStopped ? null : (
          <>
            <h1 className="page__title">{landingTexts.landing.heading}</h1>
            <p className="page__subtitle">{landingTexts.landing.subheading}</p>
            <ServicePicker
              services={landing.services}
              selected={selected}
              lastService={lastService}
              invalid={showError}
              errorId={errorId}
              onSelect={select}
              form={formId}
            />
            <p id={errorId} className="field-error" aria-live="polite">
              {showError ? landingTexts.landing.selectService : ''}
            </p>
          </>
        )}
      </main>
      {landing.walkInsStopped ? null : (
        <div className="bottom-bar">
          <button
            type="submit"
            form={formId}
            formAction={selected ? paths.userInfo.getHref(landing.companyId, selected) : undefined}
            name={selected ? undefined : LANDING_NEXT_PARAM}
            value={selected ? undefined : '1'}
            className="button button--primary button--block"
            aria-busy={leaving || undefined}
            onClick={(event) => {
              event.preventDefault();
              next();
            }}
          >
            {landingTexts.landing.next}
          </button>
        </div>
      )}
    </>
  );
}
