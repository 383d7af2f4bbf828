import { timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../../shared/staff-schemas.ts';
import { AppError } from '../errors.ts';
import type { SessionCheck, StaffPrincipal, StaffService } from '../features/staff/staff.service.ts';

export const STAFF_COOKIE = 'checkn_staff';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** One session read per request: a rate limit's key and the route's guard both ask who is calling. */
const sessionChecks = new WeakMap<FastifyRequest, Promise<SessionCheck>>();

function checkSession(
  request: FastifyRequest,
  staff: Pick<StaffService, 'checkSession'>,
): Promise<SessionCheck> {
  let found = sessionChecks.get(request);
  if (!found) {
    const sessionToken = request.cookies[STAFF_COOKIE];
    found = sessionToken ? staff.checkSession(sessionToken) : Promise.resolve(null);
    sessionChecks.set(request, found);
  }
  return found;
}

/**
 * The staff member signed in with the request's cookie, or null (also when their business is
 * suspended); no CSRF check (see requireStaff).
 */
export async function findStaff(
  request: FastifyRequest,
  staff: Pick<StaffService, 'checkSession'>,
): Promise<StaffPrincipal | null> {
  const check = await checkSession(request, staff);
  return check && 'principal' in check ? check.principal : null;
}

/**
 * The signed-in staff member, or 401; 403 BUSINESS_SUSPENDED for a session of a suspended
 * business (docs/operations.md). Changes also need the session's CSRF token in a header.
 */
export async function requireStaff(request: FastifyRequest, staff: StaffService): Promise<StaffPrincipal> {
  const check = await checkSession(request, staff);
  if (check && 'refused' in check) throw new AppError(check.refused);
  const principal = check?.principal;
  if (!principal) throw new AppError('STAFF_UNAUTHENTICATED');
  if (!SAFE_METHODS.has(request.method)) {
    // SameSite=Lax already keeps the cookie off cross-site posts; the header is the second lock.
    const header = request.headers['x-csrf-token'];
    if (typeof header !== 'string' || !sameToken(header, principal.csrfToken))
      throw new AppError('CSRF_FAILED');
  }
  return principal;
}

export function requireOwner(principal: StaffPrincipal): void {
  requireRole(principal, 'owner');
}

/** What each role may do is in docs/people.md; the routes say it with this guard. */
export function requireRole(principal: StaffPrincipal, ...roles: readonly StaffRole[]): void {
  if (!roles.includes(principal.role)) throw new AppError('ROLE_NOT_ALLOWED');
}

/** The signed-in staff member, if their role is one of these. */
export async function requireStaffWithRole(
  request: FastifyRequest,
  staff: StaffService,
  ...roles: readonly StaffRole[]
): Promise<StaffPrincipal> {
  const principal = await requireStaff(request, staff);
  requireRole(principal, ...roles);
  return principal;
}

/** The principal staffFirst found, for the route's handler. */
const principals = new WeakMap<FastifyRequest, StaffPrincipal>();

/**
 * Route options that ask who is calling, and check their role, before Fastify validates the
 * route's input (decision 0015): a member whose role may not use a route is told so (403), not
 * what their request lacked. The roles are written once, here; the handler reads who is calling
 * with staffOf.
 */
export function staffFirst(staff: StaffService, ...roles: readonly StaffRole[]) {
  return {
    preValidation: async (request: FastifyRequest) => {
      const principal = await (roles.length > 0
        ? requireStaffWithRole(request, staff, ...roles)
        : requireStaff(request, staff));
      principals.set(request, principal);
    },
  };
}

/** Who is calling a route that declared staffFirst. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  const principal = principals.get(request);
  // A programming error, not a user's: the route forgot staffFirst, and must not run unguarded.
  if (!principal)
    throw new Error(`${request.method} ${request.routeOptions.url}: staffOf without staffFirst`);
  return principal;
}
