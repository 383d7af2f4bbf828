import type { FastifyRequest } from 'fastify';
import type { CustomerService } from '../features/customer/customer.service.ts';
import type { StaffService } from '../features/staff/staff.service.ts';
import { findCustomerId } from './auth.ts';
import { findStaff } from './staff-auth.ts';

/**
 * A per-customer limit's key: the customer the token belongs to, not the header's text (extra
 * spaces or `bearer` in lower case would otherwise start a fresh count). A request without a
 * known customer is counted by client IP; it is refused anyway, so it cannot use up a customer's.
 */
export function customerOrIpKey(customers: CustomerService) {
  return async (request: FastifyRequest): Promise<string> => {
    const customerId = await findCustomerId(request, customers);
    return customerId ? `customer:${customerId}` : `ip:${request.ip}`;
  };
}

/**
 * The key of a limit on what an owner does for their business: the business, however many
 * sessions its owner opens. Anyone else (refused by the route) is counted apart, so a front desk
 * session cannot use up the owner's count; a request without a session is counted by client IP.
 */
export function ownerBusinessKey(staff: StaffService) {
  return async (request: FastifyRequest): Promise<string> => {
    const principal = await findStaff(request, staff);
    if (!principal) return `ip:${request.ip}`;
    return principal.role === 'owner' ? `company:${principal.companyId}` : `staff:${principal.staffUserId}`;
  };
}

/** How often a business's owners may use each of their bulk tools on customers' data: a person at a screen, with room to spare. */
export const OWNER_TOOL_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
