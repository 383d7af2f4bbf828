import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { CustomerService } from '../features/customer/customer.service.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

/** The anonymous customer behind the request's token, or a 401 the app answers by signing in again. */
export async function requireCustomer(request: FastifyRequest, customers: CustomerService): Promise<string> {
  const token = bearerToken(request);
  const customerId = token ? await customers.findCustomerIdByToken(token) : null;
  if (!customerId) throw new AppError('UNAUTHENTICATED');
  return customerId;
}
