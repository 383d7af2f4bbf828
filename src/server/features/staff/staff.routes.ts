import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from '../../../shared/schemas.ts';
import {
  type StaffMe,
  staffLanguageRequestSchema,
  staffMeSchema,
  staffSignInRequestSchema,
  staffSignInResponseSchema,
} from '../../../shared/staff-schemas.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { STAFF_COOKIE, staffFirst, staffOf } from '../../http/staff-auth.ts';
import type { CompanyService } from '../company/company.service.ts';
import {
  SESSION_DAYS,
  type StaffPrincipal,
  type StaffService,
  type StartedSession,
} from './staff.service.ts';

/** The console's session cookie, and who it belongs to as the console sees it. */
export function createStaffSessionCookie(deps: {
  companies: CompanyService;
  staff: Pick<StaffService, 'languageOf'>;
  publicUrl: string;
  secureCookies: boolean;
}) {
  async function me(principal: StaffPrincipal): Promise<StaffMe> {
    const [company, language] = await Promise.all([
      deps.companies.requireCompany(principal.companyId),
      deps.staff.languageOf(principal),
    ]);
    return {
      id: principal.staffUserId,
      name: principal.name,
      email: principal.email,
      role: principal.role,
      companyId: principal.companyId,
      companyName: company.name,
      timeZone: company.timeZone,
      publicUrl: deps.publicUrl,
      providerId: principal.providerId,
      language,
      csrfToken: principal.csrfToken,
    };
  }

  return {
    me,
    /** Sets the cookie of a session just opened (a sign-in, a one-time link used). */
    start(reply: FastifyReply, started: StartedSession): Promise<StaffMe> {
      reply.setCookie(STAFF_COOKIE, started.sessionToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        path: '/',
        maxAge: SESSION_DAYS * 24 * 60 * 60,
      });
      return me(started.principal);
    },
  };
}

export type StaffSessionCookie = ReturnType<typeof createStaffSessionCookie>;

export function registerStaffRoutes(
  app: FastifyInstance,
  deps: { staff: StaffService; session: StaffSessionCookie },
) {
  const { staff, session } = deps;
  const routes = withSchemas(app);

  routes.post(
    '/api/v1/staff/sign-in',
    {
      schema: {
        body: staffSignInRequestSchema,
        response: { 200: staffSignInResponseSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await staff.signIn(request.body);
      // Several businesses opened by this password: no cookie until the person picks one.
      if ('chooseBusiness' in result) return { chooseBusiness: result.chooseBusiness };
      return session.start(reply, result.signedIn);
    },
  );

  routes.post(
    '/api/v1/staff/sign-out',
    { ...staffFirst(staff), schema: { response: { 204: z.undefined() } } },
    async (request, reply) => {
      await staff.signOut(staffOf(request));
      reply.clearCookie(STAFF_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  routes.get(
    '/api/v1/staff/me',
    { ...staffFirst(staff), schema: { response: { 200: staffMeSchema } } },
    async (request) => session.me(staffOf(request)),
  );

  /** Your account: the console's language for this member, on every device (docs/languages.md). */
  routes.put(
    '/api/v1/staff/me/language',
    { ...staffFirst(staff), schema: { body: staffLanguageRequestSchema, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await staff.chooseLanguage(staffOf(request), request.body.language);
      return reply.status(204).send();
    },
  );
}
