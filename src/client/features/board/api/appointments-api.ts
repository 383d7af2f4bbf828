import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Appointment,
  AppointmentAction,
  AppointmentList,
  BookAppointmentRequest,
} from '../../../../shared/appointment-schemas.ts';
import {
  appointmentActionResponseSchema,
  appointmentListSchema,
  appointmentSchema,
} from '../../../../shared/appointment-schemas.ts';
import { staffRequest } from '../../../lib/staff-api.ts';
import { boardQueryKey } from './board-api.ts';

export const appointmentsQueryKey = ['staff-appointments'] as const;

/**
 * Today's and the coming days' appointments, kept live by the board topic's
 * "appointment.upserted" events (use-live-board.ts). Read once the board is: the board's seq was
 * taken first, so an event the list misses is replayed after it.
 */
export function useAppointments(enabled: boolean) {
  return useQuery({
    queryKey: appointmentsQueryKey,
    queryFn: () => staffRequest('/v1/staff/appointments', appointmentListSchema),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** Puts one changed appointment into the cached list, in time order. */
export function upsertAppointment(
  list: AppointmentList | undefined,
  appointment: Appointment,
): AppointmentList | undefined {
  if (!list) return list;
  const others = list.appointments.filter((a) => a.id !== appointment.id);
  return {
    ...list,
    appointments: [...others, appointment].sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
  };
}

export function useBookAppointment(requestKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookAppointmentRequest) =>
      staffRequest('/v1/staff/appointments', appointmentSchema, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': requestKey },
      }),
    onSuccess: (appointment) =>
      queryClient.setQueryData<AppointmentList>(appointmentsQueryKey, (list) =>
        upsertAppointment(list, appointment),
      ),
  });
}

/** Arrived, Missed, Cancel: the lane and (for Arrived) the board hear it live too. */
export function useAppointmentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: AppointmentAction }) =>
      staffRequest(
        `/v1/staff/appointments/${encodeURIComponent(id)}/${action}`,
        appointmentActionResponseSchema,
        {
          method: 'POST',
        },
      ),
    onSuccess: ({ appointment }) =>
      queryClient.setQueryData<AppointmentList>(appointmentsQueryKey, (list) =>
        upsertAppointment(list, appointment),
      ),
    // Refused: the lane (or the board) was out of date.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentsQueryKey });
      void queryClient.invalidateQueries({ queryKey: boardQueryKey });
    },
  });
}
