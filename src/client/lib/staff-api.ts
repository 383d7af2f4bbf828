import type { z } from '../../shared/schemas.ts';
import { type StaffMe, staffMeSchema } from '../../shared/staff-schemas.ts';
import { ApiRequestError, apiRequest, type RequestOptions } from './api-client.ts';
import { RealtimeClient } from './realtime-client.ts';

let csrfToken: string | null = null;

/** Remembered from sign-in or /me: every change the console makes sends it back (CSRF). */
export function rememberStaff(me: StaffMe | null): void {
  csrfToken = me?.csrfToken ?? null;
}

/** A console request: the session cookie goes by itself; changes add the CSRF header. */
export function staffRequest<Answer extends z.ZodMiniType>(
  path: string,
  answer: Answer,
  options: RequestOptions = {},
): Promise<z.output<Answer>> {
  const headers = { ...options.headers, ...(csrfToken ? { 'x-csrf-token': csrfToken } : {}) };
  return apiRequest(path, answer, { ...options, headers });
}

export async function fetchStaffMe(): Promise<StaffMe | null> {
  try {
    const me = await staffRequest('/v1/staff/me', staffMeSchema);
    rememberStaff(me);
    return me;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

let staffClient: RealtimeClient | null = null;

/** The console's socket: staff are recognised by their session cookie. */
export function staffRealtime(): RealtimeClient {
  staffClient ??= new RealtimeClient(async () => null);
  return staffClient;
}

export function closeStaffRealtime(): void {
  staffClient?.close();
  staffClient = null;
}
