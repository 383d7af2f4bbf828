import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LobbyScreenSettings,
  lobbyScreenSettingsSchema,
  type ScreenNameStyle,
} from '../../../../shared/lobby-screen.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

const settingsQueryKey = ['staff-lobby-screen'] as const;

/** The screen's link and name style (owner and front desk; the server refuses a provider). */
export function useLobbyScreenSettings(enabled = true) {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: () => staffRequest('/v1/staff/lobby-screen', lobbyScreenSettingsSchema),
    enabled,
  });
}

function useSettingsChange<Variables>(send: (variables: Variables) => Promise<LobbyScreenSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}

export const useSaveNameStyle = () =>
  useSettingsChange((nameStyle: ScreenNameStyle) =>
    staffRequest('/v1/staff/lobby-screen/name-style', lobbyScreenSettingsSchema, {
      method: 'PUT',
      body: { nameStyle },
    }),
  );

export const useResetLobbyScreenLink = () =>
  useSettingsChange(() =>
    staffRequest('/v1/staff/lobby-screen/reset', lobbyScreenSettingsSchema, { method: 'POST' }),
  );
