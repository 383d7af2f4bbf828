import type { FastifyInstance } from 'fastify';
import {
  apiKeyParamsSchema,
  apiKeysResponseSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
} from '../../../shared/public-api-schemas.ts';
import { z } from '../../../shared/schemas.ts';
import { OWNER_TOOL_LIMIT, ownerBusinessKey } from '../../http/rate-limit-key.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { ApiKeysService } from './api-keys.service.ts';

/** Settings, API keys: the owner makes, lists and revokes the business's keys (docs/public-api.md). */
export function registerApiKeyRoutes(
  app: FastifyInstance,
  deps: { apiKeys: ApiKeysService; staff: StaffService },
) {
  const { apiKeys, staff } = deps;
  const routes = withSchemas(app);
  const ownerOnly = staffFirst(staff, 'owner');

  routes.get(
    '/api/v1/staff/api-keys',
    { ...ownerOnly, schema: { response: { 200: apiKeysResponseSchema } } },
    async (request) => ({ keys: await apiKeys.list(staffOf(request).companyId) }),
  );

  routes.post(
    '/api/v1/staff/api-keys',
    {
      ...ownerOnly,
      schema: { body: createApiKeyRequestSchema, response: { 201: createdApiKeySchema } },
      config: { rateLimit: { ...OWNER_TOOL_LIMIT, keyGenerator: ownerBusinessKey(staff) } },
    },
    async (request, reply) => {
      reply.status(201);
      return apiKeys.create(staffOf(request), request.body);
    },
  );

  routes.delete(
    '/api/v1/staff/api-keys/:keyId',
    { ...ownerOnly, schema: { params: apiKeyParamsSchema, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await apiKeys.revoke(staffOf(request).companyId, request.params.keyId);
      return reply.status(204).send();
    },
  );
}
