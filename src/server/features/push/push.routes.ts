import type { FastifyInstance } from 'fastify';
import { companyParamsSchema, pushPublicKeySchema, z } from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import { requireCustomer } from '../../http/auth.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { WaitListRepository } from '../wait-list/wait-list.repository.ts';
import type { PushService } from './push.service.ts';

const base64url = z.string().check(z.regex(/^[A-Za-z0-9_-]+={0,2}$/), z.maxLength(200));
const subscriptionSchema = z.object({
  // Push services are https (RFC 8030 §8); anything else would have the server post into networks
  // of the sender's choosing. Where the host resolves to is checked at send time (push-transport.ts).
  endpoint: z
    .string()
    .check(
      z.maxLength(2000),
      z.url({ protocol: /^https$/, message: 'A push endpoint must be an https URL.' }),
    ),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});

export function registerPushRoutes(
  app: FastifyInstance,
  deps: { push: PushService; customers: CustomerService; waitList: WaitListRepository },
) {
  const { push, customers, waitList } = deps;
  const routes = withSchemas(app);

  /** The public key the app subscribes with (spec §1: "a public push key"). */
  routes.get('/api/v1/push/public-key', { schema: { response: { 200: pushPublicKeySchema } } }, async () => ({
    publicKey: push.publicKey,
  }));

  /** The spec's push token record, per business and customer. */
  routes.put(
    '/api/v1/companies/:companyId/push-subscription',
    {
      schema: {
        params: companyParamsSchema,
        body: subscriptionSchema,
        // No body: saved.
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      const customerId = await requireCustomer(request, customers);
      if (!(await waitList.customerHasEntryAt(customerId, companyId)))
        throw new AppError('WAIT_ENTRY_NOT_FOUND');
      await push.saveSubscription(companyId, customerId, request.body);
      return reply.status(204).send();
    },
  );
}
