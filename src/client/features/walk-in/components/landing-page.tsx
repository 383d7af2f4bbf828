import { useLoaderData, useLocation, useNavigate } from 'react-router';
import type { WalkInLandingResult } from '../api/walk-in-landing-result.ts';
import { LandingUnavailable } from './landing-unavailable.tsx';
import { WalkInServiceStep } from './walk-in-service-step.tsx';

/** /{companyId}: the walk-in landing page (spec §2). Its data comes from walkInLandingLoader. */
export function LandingPage() {
  const result = useLoaderData<WalkInLandingResult>();
  const { search } = useLocation();
  const navigate = useNavigate();
  if (result.status !== 'ok') return <LandingUnavailable result={result} />;
  return <WalkInServiceStep landing={result.landing} search={search} onNext={(href) => navigate(href)} />;
}
