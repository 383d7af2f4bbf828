import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  chatMessageSchema,
  chatThreadSchema,
  sendMessageRequestSchema,
  uuidSchema,
  waitEntryParamsSchema,
  z,
} from '../../../shared/schemas.ts';
import { bearerToken, requireCustomer } from '../../http/auth.ts';
import { customerOrIpKey } from '../../http/rate-limit-key.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { findStaff, requireStaff, staffFirst, staffOf } from '../../http/staff-auth.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { ChatSender, ChatService } from './chat.service.ts';

const staffChatParamsSchema = z.object({
  waitId: uuidSchema('Unknown conversation'),
});

export function registerChatRoutes(
  app: FastifyInstance,
  deps: { chat: ChatService; customers: CustomerService; staff: StaffService; messagesPerMinute: number },
) {
  const { chat, customers, staff } = deps;
  const routes = withSchemas(app);
  const thread = { 200: chatThreadSchema };
  const customerKey = customerOrIpKey(customers);

  /** Counts a customer's messages by customer and a console's by its session, like requireSender. */
  async function senderKey(request: FastifyRequest): Promise<string> {
    if (bearerToken(request)) return customerKey(request);
    const principal = await findStaff(request, staff);
    return principal ? `staff:${principal.sessionTokenHash}` : `ip:${request.ip}`;
  }

  /** A customer's token when one is sent, otherwise the staff session (with its CSRF header). */
  async function requireSender(request: Parameters<typeof requireCustomer>[0]): Promise<ChatSender> {
    if (bearerToken(request))
      return { kind: 'customer', customerId: await requireCustomer(request, customers) };
    return requireStaff(request, staff);
  }

  routes.get(
    '/api/v1/companies/:companyId/chat/:waitId',
    { schema: { params: waitEntryParamsSchema, response: thread } },
    async (request) => {
      const { companyId, waitId } = request.params;
      const customerId = await requireCustomer(request, customers);
      return chat.getThread({ kind: 'customer', customerId }, waitId, companyId);
    },
  );

  routes.get(
    '/api/v1/staff/chat/:waitId',
    { ...staffFirst(staff), schema: { params: staffChatParamsSchema, response: thread } },
    async (request) => {
      const principal = staffOf(request);
      return chat.getThread(principal, request.params.waitId);
    },
  );

  /** The console opened the conversation: nothing in it is unread any more. */
  routes.post(
    '/api/v1/staff/chat/:waitId/read',
    { ...staffFirst(staff), schema: { params: staffChatParamsSchema, response: { 204: z.undefined() } } },
    async (request, reply) => {
      const principal = staffOf(request);
      await chat.markRead(principal, request.params.waitId);
      return reply.status(204).send();
    },
  );

  /** This staff member answers the conversation from now on (the customer sees who). */
  routes.post(
    '/api/v1/staff/chat/:waitId/take-over',
    { ...staffFirst(staff), schema: { params: staffChatParamsSchema, response: thread } },
    async (request) => {
      const principal = staffOf(request);
      return chat.takeOver(principal, request.params.waitId);
    },
  );

  /** The spec's sendMessage cloud function (spec §7). */
  routes.post(
    '/api/v1/functions/sendMessage',
    {
      schema: { body: sendMessageRequestSchema, response: { 201: chatMessageSchema } },
      config: {
        rateLimit: {
          max: deps.messagesPerMinute,
          timeWindow: '1 minute',
          keyGenerator: senderKey,
        },
      },
    },
    async (request, reply) => {
      const sender = await requireSender(request);
      reply.status(201);
      return chat.sendMessage(sender, request.body);
    },
  );
}
