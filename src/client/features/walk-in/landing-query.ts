/**
 * The landing page's query parameters for a tap made before its scripts run: the page is a GET
 * form then (walk-in-service-step.tsx), so a service tapped reloads it as `?service=…` with that
 * service picked, and Next with none picked reloads it as `?next=1` with the spec's error shown.
 */
export const LANDING_SERVICE_PARAM = 'service';
export const LANDING_NEXT_PARAM = 'next';

export interface LandingQuery {
  /** The service picked before the scripts ran, when it is one of the business's. */
  pickedService: string | null;
  /** Next was pressed before the scripts ran, with no service picked. */
  nextWithoutService: boolean;
  /** The other parameters (a `rwg_token`), carried through the form so none is lost. */
  carried: [string, string][];
}

export function readLandingQuery(search: string, services: readonly string[]): LandingQuery {
  const params = new URLSearchParams(search);
  const service = params.get(LANDING_SERVICE_PARAM);
  const pickedService = service !== null && services.includes(service) ? service : null;
  return {
    pickedService,
    nextWithoutService: params.has(LANDING_NEXT_PARAM) && pickedService === null,
    carried: [...params].filter(([name]) => name !== LANDING_SERVICE_PARAM && name !== LANDING_NEXT_PARAM),
  };
}
