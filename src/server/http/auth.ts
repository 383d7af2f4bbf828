import type { FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * The customer's token as a cookie too: the server renders the customer's own pages (their place in
 * line, their chat) with it (docs/decisions/0008). It is read for rendering pages only, never as a
 * credential of the API, which takes the `Authorization` header alone: a page of another site
 * cannot make the browser act with it.
 */
export const CUSTOMER_COOKIE = 'checkn_customer';
/** Browsers keep a cookie at most 400 days (RFC 6265bis); the token itself does not expire. */
const CUSTOMER_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export function setCustomerCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CUSTOMER_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: CUSTOMER_COOKIE_MAX_AGE_SECONDS,
  });
}

export function clearCustomerCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(CUSTOMER_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/**
 * After an API request made with a customer's token: the cookie follows that token (a session kept
 * from before the cookie existed, a kiosk's next guest). Only once the route has found the
 * customer, so an unknown token never becomes a cookie.
 */
export async function keepCustomerCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  const token = bearerToken(request);
  const lookup = customerIds.get(request);
  if (!token || !lookup || request.cookies[CUSTOMER_COOKIE] === token) return;
  if (await lookup.catch(() => null)) setCustomerCookie(reply, token, secure);
}
