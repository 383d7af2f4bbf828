import { readStoredJson, storageKeys, writeStored } from './storage-keys.ts';

/**
 * The service this phone last joined for at each business (docs/regulars.md): the landing page
 * marks it "Last time". Kept on the phone only, in local storage, as `{ [companyId]: service }`;
 * the server knows nothing of it.
 */
type LastServices = Record<string, string>;

function readAll(): LastServices {
  const stored = readStoredJson<unknown>('local', storageKeys.lastServiceByBusiness);
  return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as LastServices) : {};
}

/** The service last joined for here, when the business still offers it. */
export function readLastService(companyId: string, services: readonly string[]): string | null {
  const service = readAll()[companyId];
  return typeof service === 'string' && services.includes(service) ? service : null;
}

/** A join went through: this is the phone's last service at the business. */
export function rememberLastService(companyId: string, service: string): void {
  writeStored(
    'local',
    storageKeys.lastServiceByBusiness,
    JSON.stringify({ ...readAll(), [companyId]: service }),
  );
}

/** Forget me: the phone forgets it too. */
export function forgetLastService(companyId: string): void {
  const { [companyId]: _forgotten, ...others } = readAll();
  writeStored(
    'local',
    storageKeys.lastServiceByBusiness,
    Object.keys(others).length > 0 ? JSON.stringify(others) : null,
  );
}
