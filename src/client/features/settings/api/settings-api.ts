import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackSettingsRequest } from '../../../../shared/feedback-schemas.ts';
import type {
  BusinessSettings,
  CompanySettingsRequest,
  IntakeSettingsRequest,
  JoinFieldsSettingsRequest,
  PartySizeSettingsRequest,
  ProviderSettingsRequest,
  ServicesSettingsRequest,
} from '../../../../shared/staff-schemas.ts';
import { businessSettingsSchema } from '../../../../shared/staff-schemas.ts';
import { staffRequest } from '../../../lib/staff-api.ts';
import { staffMeQueryKey } from '../../../lib/use-staff.ts';
import { boardQueryKey } from '../../board/api/board-api.ts';
import { intakeQueryKey } from '../../board/api/intake-api.ts';
import { schedulesQueryKey } from './schedule-api.ts';

const settingsQueryKey = ['staff-settings'] as const;

export function useSettings() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: () => staffRequest('/v1/staff/settings', businessSettingsSchema),
  });
}

/** Every settings change answers with the whole settings, which replace the cached ones. */
function useSettingsChange<Variables>(
  send: (variables: Variables) => Promise<BusinessSettings>,
  options: { schedulesToo?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryKey, settings);
      // The board lists providers, and the console header shows the business name.
      void queryClient.invalidateQueries({ queryKey: boardQueryKey });
      void queryClient.invalidateQueries({ queryKey: staffMeQueryKey });
      // The board's bar says whether customers can join, which hours and limits decide.
      void queryClient.invalidateQueries({ queryKey: intakeQueryKey });
      // A renamed or removed service changes what each provider does: their forms start again
      // from the server's (reset, not refetched under forms that hold the old lists).
      if (options.schedulesToo) void queryClient.resetQueries({ queryKey: schedulesQueryKey });
    },
  });
}

export const useSaveCompany = () =>
  useSettingsChange((body: CompanySettingsRequest) =>
    staffRequest('/v1/staff/settings/company', businessSettingsSchema, { method: 'PUT', body }),
  );

export const useSaveFeedback = () =>
  useSettingsChange((body: FeedbackSettingsRequest) =>
    staffRequest('/v1/staff/settings/feedback', businessSettingsSchema, { method: 'PUT', body }),
  );

export const useSaveJoinFields = () =>
  useSettingsChange((body: JoinFieldsSettingsRequest) =>
    staffRequest('/v1/staff/settings/join-fields', businessSettingsSchema, { method: 'PUT', body }),
  );

export const useSavePartySize = () =>
  useSettingsChange((body: PartySizeSettingsRequest) =>
    staffRequest('/v1/staff/settings/party-size', businessSettingsSchema, { method: 'PUT', body }),
  );

export const useSaveIntake = () =>
  useSettingsChange((body: IntakeSettingsRequest) =>
    staffRequest('/v1/staff/settings/intake', businessSettingsSchema, { method: 'PUT', body }),
  );

export const useSaveServices = () =>
  useSettingsChange(
    (body: ServicesSettingsRequest) =>
      staffRequest('/v1/staff/settings/services', businessSettingsSchema, { method: 'PUT', body }),
    { schedulesToo: true },
  );

export const useAddProvider = () =>
  useSettingsChange((body: ProviderSettingsRequest) =>
    staffRequest('/v1/staff/settings/providers', businessSettingsSchema, { method: 'POST', body }),
  );

export const useSaveProvider = () =>
  useSettingsChange(({ id, ...body }: ProviderSettingsRequest & { id: string }) =>
    staffRequest(`/v1/staff/settings/providers/${encodeURIComponent(id)}`, businessSettingsSchema, {
      method: 'PUT',
      body,
    }),
  );

/** `moveTo`: the provider who takes their waiting customers; null, anyone. */
export const useRemoveProvider = () =>
  useSettingsChange(({ id, moveTo }: { id: string; moveTo: string | null }) =>
    staffRequest(
      `/v1/staff/settings/providers/${encodeURIComponent(id)}${moveTo ? `?moveTo=${encodeURIComponent(moveTo)}` : ''}`,
      businessSettingsSchema,
      { method: 'DELETE' },
    ),
  );

export const useUploadLogo = () =>
  useSettingsChange((file: File) =>
    staffRequest('/v1/staff/settings/logo', businessSettingsSchema, { method: 'PUT', file }),
  );
