import type { FastifyRequest } from 'fastify';
import type { CustomerService } from '../features/customer/customer.service.ts';
import type { StaffService } from '../features/staff/staff.service.ts';
import { findCustomerId } from './auth.ts';
import { STAFF_COOKIE } from './staff-auth.ts';

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
 * A per-business limit's key, for the owner's tools that read or erase customers' data in bulk
 * (look-up, export, erase, the visits file): one business's count, however many sessions its
 * owners open. A request without a signed-in staff member is counted by client IP; it is refused
 * anyway.
 */
export function staffBusinessOrIpKey(staff: Pick<StaffService, 'authenticate'>) {
  return async (request: FastifyRequest): Promise<string> => {
    const sessionToken = request.cookies[STAFF_COOKIE];
    const principal = sessionToken ? await staff.authenticate(sessionToken) : null;
    return principal ? `business:${principal.companyId}` : `ip:${request.ip}`;
  };
}

/** How often a business's owners may use each of those tools: a person at a screen, with room to spare. */
export const OWNER_TOOL_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
