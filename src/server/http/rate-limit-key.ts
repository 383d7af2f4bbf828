import type { FastifyRequest } from 'fastify';
import type { CustomerService } from '../features/customer/customer.service.ts';
import { findCustomerId } from './auth.ts';

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
