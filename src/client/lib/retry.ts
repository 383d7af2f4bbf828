import { ApiRequestError } from './api-client.ts';

/** Spec §9: reads retry with exponential back-off capped at 30 s; a 4xx answer will not change. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  return failureCount < 3 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);
}

export function readRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** The same policy for reads made outside TanStack Query (route loaders). */
export async function readWithRetry<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (!shouldRetryRead(attempt, error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, readRetryDelay(attempt)));
    }
  }
}
