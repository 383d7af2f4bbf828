import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleLanguageOf } from '../../../../shared/languages.ts';
import type { PauseRequest, RunningBehindRequest } from '../../../../shared/staff-schemas.ts';
import { boardIntakeSchema, runningBehindResponseSchema } from '../../../../shared/staff-schemas.ts';
import { useShownLanguage } from '../../../lib/language-choice.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

export const intakeQueryKey = ['staff-intake'] as const;

/**
 * The bar's words are the server's, in the language the request asks for (the page's): one answer
 * per language, so picking another asks again rather than showing the old words.
 */
function useIntakeKey() {
  return [...intakeQueryKey, consoleLanguageOf(useShownLanguage())] as const;
}

/** How often the bar asks again: the hours open and close, a pause runs out, the line fills. */
const INTAKE_REFRESH_MS = 60_000;

/** Whether the business takes walk-ins now (docs/opening-hours.md); a pause is heard at once (intake.changed). */
export function useIntake() {
  return useQuery({
    queryKey: useIntakeKey(),
    queryFn: () => staffRequest('/v1/staff/intake', boardIntakeSchema),
    refetchInterval: INTAKE_REFRESH_MS,
  });
}

/** "Pause the list" (a request) or "Resume" (null); the answer is the bar's new state. */
export function useSetPause() {
  const queryClient = useQueryClient();
  const key = useIntakeKey();
  return useMutation({
    mutationFn: (pause: PauseRequest | null) =>
      pause
        ? staffRequest('/v1/staff/pause', boardIntakeSchema, { method: 'PUT', body: pause })
        : staffRequest('/v1/staff/pause', boardIntakeSchema, { method: 'DELETE' }),
    onSuccess: (intake) => queryClient.setQueryData(key, intake),
  });
}

/** "Running N minutes behind" (0: on time), optionally texting everyone waiting. */
export function useSetRunningBehind() {
  const queryClient = useQueryClient();
  const key = useIntakeKey();
  return useMutation({
    mutationFn: (request: RunningBehindRequest) =>
      staffRequest('/v1/staff/running-behind', runningBehindResponseSchema, {
        method: 'PUT',
        body: request,
      }),
    onSuccess: ({ texted: _texted, ...intake }) => queryClient.setQueryData(key, intake),
  });
}
