import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { CustomerService } from '../features/customer/customer.service.ts';

/**
 * The token of an `Authorization: Bearer …` header. The scheme is case-insensitive and may be
 * followed by several spaces (RFC 9110 §11.4): a token written another way is the same token.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** One lookup per request: the rate limit's key and the route's guard both ask who is calling. */
const customerIds = new WeakMap<FastifyRequest, Promise<string | null>>();

/** The anonymous customer behind the request's token, or null without a known one. */
export function findCustomerId(request: FastifyRequest, customers: CustomerService): Promise<string | null> {
  let found = customerIds.get(request);
  if (!found) {
    const token = bearerToken(request);
    found = token ? customers.findCustomerIdByToken(token) : Promise.resolve(null);
    customerIds.set(request, found);
  }
  return found;
}

/** The anonymous customer behind the request's token, or a 401 the app answers by signing in again. */
export async function requireCustomer(request: FastifyRequest, customers: CustomerService): Promise<string> {
  const customerId = await findCustomerId(request, customers);
  if (!customerId) throw new AppError('UNAUTHENTICATED');
  return customerId;
}
