import type { FastifyInstance } from 'fastify';
import {
  appointmentActionParamsSchema,
  appointmentActionResponseSchema,
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentSchema,
  bookAppointmentRequestSchema,
} from '../../../shared/appointment-schemas.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
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
  const routes = withSchemas(app);

  routes.get(
    '/api/v1/staff/appointments',
    {
      ...staffFirst(staff),
      schema: { querystring: appointmentListQuerySchema, response: { 200: appointmentListSchema } },
    },
    async (request) => {
      const principal = staffOf(request);
      const { days } = request.query;
      return appointments.listAppointments(principal, days === undefined ? undefined : Number(days));
    },
  );

  routes.post(
    '/api/v1/staff/appointments',
    {
      ...staffFirst(staff, 'owner', 'front_desk'),
      schema: { body: bookAppointmentRequestSchema, response: { '2xx': appointmentSchema } },
    },
    async (request, reply) => {
      const principal = staffOf(request);
      const booked = await appointments.bookAppointment(principal, {
        idempotencyKey: idempotencyKeyOf(request),
        request: request.body,
      });
      reply.status(booked.created ? 201 : 200);
      return booked.appointment;
    },
  );

  routes.post(
    '/api/v1/staff/appointments/:appointmentId/:action',
    {
      ...staffFirst(staff, 'owner', 'front_desk'),
      schema: {
        params: appointmentActionParamsSchema,
        response: { 200: appointmentActionResponseSchema },
      },
    },
    async (request) => {
      const principal = staffOf(request);
      const { appointmentId, action } = request.params;
      return appointments.applyAppointmentAction(principal, appointmentId, action);
    },
  );
}
