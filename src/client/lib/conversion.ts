import { CONVERSION_MAX_AGE_MS } from '../../shared/constants.ts';
import { readStoredJson, storageKeys, writeStored } from './storage-keys.ts';

/** Ad-conversion data kept in the browser (spec §3, §7, §9). */
interface StoredConversion {
  token: string;
  merchantId: string;
  storedAt: number;
}

/** Landing page: keep ?rwg_token= with the business it came for (spec §2 "/{companyId}"). */
export function captureConversionToken(search: string, companyId: string, now = Date.now()): void {
  const token = new URLSearchParams(search).get('rwg_token');
  if (!token) return;
  const record: StoredConversion = { token, merchantId: companyId, storedAt: now };
  writeStored('local', storageKeys.conversion, JSON.stringify(record));
}

/** The stored data if still usable: it must have a token and a merchant id and be under 30 days old. */
export function readValidConversion(now = Date.now()): StoredConversion | null {
  const record = readStoredJson<Partial<StoredConversion>>('local', storageKeys.conversion);
  if (!record?.token || !record.merchantId || typeof record.storedAt !== 'number') return null;
  if (now - record.storedAt > CONVERSION_MAX_AGE_MS) return null;
  return record as StoredConversion;
}

/** merchant_changed is "1" when the stored merchant differs from the current business, else "2". */
export function merchantChanged(stored: StoredConversion, companyId: string): '1' | '2' {
  return stored.merchantId === companyId ? '2' : '1';
}

/** After a join: report the conversion, fire-and-forget; errors are swallowed (spec §8). */
export function reportConversion(companyId: string): void {
  const stored = readValidConversion();
  if (!stored) return;
  void fetch('/api/v1/conversions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rwg_token: stored.token, merchant_changed: merchantChanged(stored, companyId) }),
    keepalive: true,
  }).catch(() => {});
}
