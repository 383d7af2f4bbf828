import type { FastifyInstance } from 'fastify';
import { companyParamsSchema, eraseResponseSchema } from '../../../shared/schemas.ts';
import {
  customerExportSchema,
  customerLookupResponseSchema,
  customerLookupSchema,
} from '../../../shared/staff-schemas.ts';
import { requireCustomer } from '../../http/auth.ts';
import { OWNER_TOOL_LIMIT, ownerBusinessKey } from '../../http/rate-limit-key.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { PrivacyService } from './privacy.service.ts';

/**
 * "Forget me" for the customer, and the owner's Customers tools. The owner's calls are POSTs with
 * the number in the body: a number in a URL would land in access logs.
 */
export function registerPrivacyRoutes(
  app: FastifyInstance,
  deps: { privacy: PrivacyService; customers: CustomerService; staff: StaffService },
) {
  const { privacy, customers, staff } = deps;
  const ownerToolLimit = {
    config: { rateLimit: { ...OWNER_TOOL_LIMIT, keyGenerator: ownerBusinessKey(staff) } },
  };

  const routes = withSchemas(app);
  const ownerOnly = staffFirst(staff, 'owner');
  const erased = { 200: eraseResponseSchema };

  /** The caller's own visits at this business, found by their token: no one else's can be named. */
  routes.post(
    '/api/v1/companies/:companyId/forget-me',
    { schema: { params: companyParamsSchema, response: erased } },
    async (request) => {
      const customerId = await requireCustomer(request, customers);
      return privacy.forgetCustomer(request.params.companyId, customerId);
    },
  );

  routes.post(
    '/api/v1/staff/customers/look-up',
    {
      ...ownerOnly,
      ...ownerToolLimit,
      schema: { body: customerLookupSchema, response: { 200: customerLookupResponseSchema } },
    },
    async (request) => privacy.lookUp(staffOf(request), request.body.phoneNumber),
  );

  routes.post(
    '/api/v1/staff/customers/export',
    {
      ...ownerOnly,
      ...ownerToolLimit,
      schema: { body: customerLookupSchema, response: { 200: customerExportSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      reply.header('Content-Disposition', 'attachment; filename="customer-data.json"');
      return privacy.exportData(staffOf(request), request.body.phoneNumber);
    },
  );

  routes.post(
    '/api/v1/staff/customers/erase',
    { ...ownerOnly, ...ownerToolLimit, schema: { body: customerLookupSchema, response: erased } },
    async (request) => privacy.eraseByPhone(staffOf(request), request.body.phoneNumber),
  );
}
