import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  type Appointment,
  type AppointmentActionResponse,
  type AppointmentList,
  appointmentActionParamsSchema,
  appointmentListQuerySchema,
  bookAppointmentRequestSchema,
} from '../../../shared/appointment-schemas.ts';
import { requireStaff, requireStaffWithRole } from '../../http/staff-auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { AppointmentsService } from './appointments.service.ts';

/**
 * The board's appointments: every role reads the "Coming up" lane; the owner and the front desk
 * book, and mark arrived, missed or cancelled (docs/appointments.md).
 */
export function registerAppointmentRoutes(
  app: FastifyInstance,
  deps: { appointments: AppointmentsService; staff: StaffService },
) {
  const { appointments, staff } = deps;

  app.get('/api/v1/staff/appointments', async (request): Promise<AppointmentList> => {
    const principal = await requireStaff(request, staff);
    const { days } = parseInput(appointmentListQuerySchema, request.query ?? {});
    return appointments.listAppointments(principal, days === undefined ? undefined : Number(days));
  });

  app.post('/api/v1/staff/appointments', async (request, reply): Promise<Appointment> => {
    const principal = await requireStaffWithRole(request, staff, 'owner', 'front_desk');
    const body = parseInput(bookAppointmentRequestSchema, request.body);
    const key = request.headers['idempotency-key'];
    const booked = await appointments.bookAppointment(principal, {
      idempotencyKey: typeof key === 'string' && key.length > 0 && key.length <= 100 ? key : randomUUID(),
      request: body,
    });
    reply.status(booked.created ? 201 : 200);
    return booked.appointment;
  });

  app.post(
    '/api/v1/staff/appointments/:appointmentId/:action',
    async (request): Promise<AppointmentActionResponse> => {
      const principal = await requireStaffWithRole(request, staff, 'owner', 'front_desk');
      const { appointmentId, action } = parseInput(appointmentActionParamsSchema, request.params);
      return appointments.applyAppointmentAction(principal, appointmentId, action);
    },
  );
}
