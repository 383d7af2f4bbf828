import { useQuery } from '@tanstack/react-query';
import { type LobbyScreen, lobbyScreenSchema, SCREEN_KEY_HEADER } from '../../../../shared/lobby-screen.ts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

/** Read again this often even when nothing is heard on the socket: a TV runs for days (docs/lobby-screen.md). */
export const SCREEN_REFRESH_MS = 30_000;

export const lobbyScreenQueryKey = (companyId: string) => ['lobby-screen', companyId] as const;

/** The server refused the key: reset, or never valid. Not worth asking again. */
export function isKeyRefused(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'SCREEN_LINK_INVALID';
}

function fetchLobbyScreen(companyId: string, key: string, signal: AbortSignal): Promise<LobbyScreen> {
  return apiRequest(`/v1/companies/${encodeURIComponent(companyId)}/screen`, lobbyScreenSchema, {
    headers: { [SCREEN_KEY_HEADER]: key },
    signal,
  });
}

/**
 * The screen's data, read on a timer and whenever the line moves (the page's socket). A failed
 * read keeps what is shown and tries again, without end, unless the key was refused.
 */
export function useLobbyScreen(companyId: string, key: string) {
  return useQuery({
    queryKey: lobbyScreenQueryKey(companyId),
    queryFn: ({ signal }) => fetchLobbyScreen(companyId, key, signal),
    enabled: key !== '',
    refetchInterval: (query) => (isKeyRefused(query.state.error) ? false : SCREEN_REFRESH_MS),
    refetchIntervalInBackground: true,
    retry: (_count, error) => !isKeyRefused(error),
    retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 30_000),
  });
}
