import type { FastifyInstance } from 'fastify';
import {
  type CustomerLookupResponse,
  customerLookupSchema,
  type EraseResponse,
} from '../../../shared/staff-schemas.ts';
import { requireCustomer } from '../../http/auth.ts';
import { OWNER_TOOL_LIMIT, ownerBusinessKey } from '../../http/rate-limit-key.ts';
import { requireStaffWithRole } from '../../http/staff-auth.ts';
import { parseCompanyParams, parseInput } from '../../http/validate.ts';
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

  /** The caller's own visits at this business, found by their token: no one else's can be named. */
  app.post('/api/v1/companies/:companyId/forget-me', async (request): Promise<EraseResponse> => {
    const { companyId } = parseCompanyParams(request.params);
    const customerId = await requireCustomer(request, customers);
    return privacy.forgetCustomer(companyId, customerId);
  });

  app.post(
    '/api/v1/staff/customers/look-up',
    ownerToolLimit,
    async (request): Promise<CustomerLookupResponse> => {
      const principal = await requireStaffWithRole(request, staff, 'owner');
      const { phoneNumber } = parseInput(customerLookupSchema, request.body);
      return privacy.lookUp(principal, phoneNumber);
    },
  );

  app.post('/api/v1/staff/customers/export', ownerToolLimit, async (request, reply) => {
    const principal = await requireStaffWithRole(request, staff, 'owner');
    const { phoneNumber } = parseInput(customerLookupSchema, request.body);
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Disposition', 'attachment; filename="customer-data.json"');
    return privacy.exportData(principal, phoneNumber);
  });

  app.post('/api/v1/staff/customers/erase', ownerToolLimit, async (request): Promise<EraseResponse> => {
    const principal = await requireStaffWithRole(request, staff, 'owner');
    const { phoneNumber } = parseInput(customerLookupSchema, request.body);
    return privacy.eraseByPhone(principal, phoneNumber);
  });
}
