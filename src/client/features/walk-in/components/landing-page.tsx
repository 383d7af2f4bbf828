import { useCallback, useEffect, useId, useState } from 'react';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { formatLocation } from '../../../../shared/address.ts';
import type { WalkInLanding } from '../../../../shared/schemas.ts';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { logEvent } from '../../../lib/analytics.ts';
import { captureConversionToken } from '../../../lib/conversion.ts';
import { useIsHydrating, useStateFromBrowser } from '../../../lib/hydration.ts';
import { paths } from '../../../lib/paths.ts';
import { readStored, storageKeys, writeStored } from '../../../lib/storage-keys.ts';
import { texts } from '../../../lib/texts.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { WalkInLandingResult } from '../api/get-walk-in-landing.ts';
import { CompanyLogo } from './company-logo.tsx';
import { LandingUnavailable } from './landing-unavailable.tsx';
import { ServicePicker } from './service-picker.tsx';

/** /{companyId}: the walk-in landing page (spec §2). Its data comes from walkInLandingLoader. */
export function LandingPage() {
  const result = useLoaderData<WalkInLandingResult>();
  const { search } = useLocation();

  useEffect(() => {
    if (result.status === 'ok') captureConversionToken(search, result.landing.companyId);
  }, [search, result]);

  if (result.status !== 'ok') return <LandingUnavailable result={result} />;
  return <WalkInServiceStep landing={result.landing} />;
}

function WalkInServiceStep({ landing }: { landing: WalkInLanding }) {
  const navigate = useNavigate();
  const errorId = useId();
  // Spec §2's full-page spinner covers the page while the logo loads. Not over the server's HTML,
  // which shows the page at once with the logo preloaded beside it (docs/decisions/0008).
  const hydrating = useIsHydrating();
  const [logoSettled, setLogoSettled] = useState(hydrating);
  const [selected, setSelected] = useStateFromBrowser<string | null>(() => {
    const stored = readStored('session', storageKeys.selectedService);
    return stored && landing.services.includes(stored) ? stored : null;
  }, null);
  const [showError, setShowError] = useState(false);
  const address = formatLocation(landing.location);
  useDocumentTitle(landing.name);

  useEffect(() => {
    writeStored('local', storageKeys.companyName, landing.name);
    writeStored('local', storageKeys.userId, landing.accountId);
  }, [landing]);

  const onLogoSettled = useCallback(() => setLogoSettled(true), []);

  const select = (service: string) => {
    setSelected(service);
    setShowError(false);
    writeStored('session', storageKeys.selectedService, service);
    logEvent('walk_in_service_selected', { companyId: landing.companyId, service });
  };

  const next = () => {
    if (!selected) {
      setShowError(true);
      return;
    }
    logEvent('walk_in_next_pressed', { companyId: landing.companyId, service: selected });
    navigate(paths.userInfo.getHref(landing.companyId, selected));
  };

  return (
    <>
      {logoSettled ? null : <FullPageSpinner />}
      <main className="page page--with-bottom-bar">
        <header className="business-header">
          <CompanyLogo
            companyId={landing.companyId}
            alt={texts.landing.logoAlt(landing.name)}
            onSettled={onLogoSettled}
          />
          <div>
            <p className="business-header__name">{landing.name}</p>
            {address ? <p className="business-header__address">{address}</p> : null}
          </div>
        </header>
        <h1 className="page__title">{texts.landing.heading}</h1>
        <p className="page__subtitle">{texts.landing.subheading}</p>
        <ServicePicker
          services={landing.services}
          selected={selected}
          invalid={showError}
          errorId={errorId}
          onSelect={select}
        />
        <p id={errorId} className="field-error" aria-live="polite">
          {showError ? texts.landing.selectService : ''}
        </p>
      </main>
      <div className="bottom-bar">
        <button type="button" className="button button--primary button--block" onClick={next}>
          {texts.landing.next}
        </button>
      </div>
    </>
  );
}
