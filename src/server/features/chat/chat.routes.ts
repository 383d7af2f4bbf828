import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type ChatMessage,
  type ChatThread,
  sendMessageRequestSchema,
  uuidSchema,
  waitEntryParamsSchema,
  z,
} from '../../../shared/schemas.ts';
import { bearerToken, requireCustomer } from '../../http/auth.ts';
import { customerOrIpKey } from '../../http/rate-limit-key.ts';
import { findStaff, requireStaff } from '../../http/staff-auth.ts';
import { parseInput } from '../../http/validate.ts';
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

  app.get('/api/v1/companies/:companyId/chat/:waitId', async (request): Promise<ChatThread> => {
    const { companyId, waitId } = parseInput(waitEntryParamsSchema, request.params);
    const customerId = await requireCustomer(request, customers);
    return chat.getThread({ kind: 'customer', customerId }, waitId, companyId);
  });

  app.get('/api/v1/staff/chat/:waitId', async (request): Promise<ChatThread> => {
    const principal = await requireStaff(request, staff);
    const { waitId } = parseInput(staffChatParamsSchema, request.params);
    return chat.getThread(principal, waitId);
  });

  /** The console opened the conversation: nothing in it is unread any more. */
  app.post('/api/v1/staff/chat/:waitId/read', async (request, reply) => {
    const principal = await requireStaff(request, staff);
    const { waitId } = parseInput(staffChatParamsSchema, request.params);
    await chat.markRead(principal, waitId);
    return reply.status(204).send();
  });

  /** This staff member answers the conversation from now on (the customer sees who). */
  app.post('/api/v1/staff/chat/:waitId/take-over', async (request): Promise<ChatThread> => {
    const principal = await requireStaff(request, staff);
    const { waitId } = parseInput(staffChatParamsSchema, request.params);
    return chat.takeOver(principal, waitId);
  });

  /** The spec's sendMessage cloud function (spec §7). */
  app.post(
    '/api/v1/functions/sendMessage',
    {
      config: {
        rateLimit: {
          max: deps.messagesPerMinute,
          timeWindow: '1 minute',
          keyGenerator: senderKey,
        },
      },
    },
    async (request, reply): Promise<ChatMessage> => {
      const sender = await requireSender(request);
      const body = parseInput(sendMessageRequestSchema, request.body);
      reply.status(201);
      return chat.sendMessage(sender, body);
    },
  );
}
