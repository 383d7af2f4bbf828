import type { FastifyInstance } from 'fastify';
import { uuidSchema, z } from '../../../shared/schemas.ts';
import {
  addMemberRequestSchema,
  changePasswordRequestSchema,
  memberLinkResponseSchema,
  peopleResponseSchema,
  setPasswordRequestSchema,
  staffLinkRequestSchema,
  staffLinkResponseSchema,
  staffMeSchema,
} from '../../../shared/staff-schemas.ts';
import { AppError } from '../../errors.ts';
import { ownerBusinessKey } from '../../http/rate-limit-key.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
import type { StaffSessionCookie } from '../staff/staff.routes.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { PeopleService } from './people.service.ts';

const memberParamsSchema = z.object({ staffUserId: uuidSchema('That person is not on your team.') });

/** The People page (owner only), the one-time link's page (anyone holding the link), own password. */
export function registerPeopleRoutes(
  app: FastifyInstance,
  deps: {
    people: PeopleService;
    staff: StaffService;
    session: StaffSessionCookie;
    staffLinksPerHour: number;
  },
) {
  const { people, staff, session } = deps;

  // Each person added and each reset makes a link that sets a password: a business makes only so
  // many an hour, however many sessions its owner opens (issue 22). Each process counts its own.
  const staffLinksLimit = {
    config: {
      rateLimit: {
        max: deps.staffLinksPerHour,
        timeWindow: '1 hour',
        keyGenerator: ownerBusinessKey(staff),
        errorResponseBuilder: () => new AppError('STAFF_LINKS_LIMITED'),
      },
    },
  };

  const routes = withSchemas(app);
  const ownerOnly = staffFirst(staff, 'owner');
  const link = { 200: memberLinkResponseSchema };

  routes.get(
    '/api/v1/staff/people',
    { ...ownerOnly, schema: { response: { 200: peopleResponseSchema } } },
    async (request) => people.listPeople(staffOf(request)),
  );

  routes.post(
    '/api/v1/staff/people',
    {
      ...ownerOnly,
      ...staffLinksLimit,
      schema: { body: addMemberRequestSchema, response: { 201: memberLinkResponseSchema } },
    },
    async (request, reply) => {
      const added = await people.addMember(staffOf(request), request.body);
      reply.status(201);
      return added;
    },
  );

  routes.post(
    '/api/v1/staff/people/:staffUserId/reset',
    { ...ownerOnly, ...staffLinksLimit, schema: { params: memberParamsSchema, response: link } },
    async (request) => people.resetMember(staffOf(request), request.params.staffUserId),
  );

  routes.delete(
    '/api/v1/staff/people/:staffUserId',
    { ...ownerOnly, schema: { params: memberParamsSchema, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await people.removeMember(staffOf(request), request.params.staffUserId);
      return reply.status(204).send();
    },
  );

  // A link's token is a secret of 256 bits; the limit keeps a guesser from trying at speed anyway.
  const linkLimit = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

  routes.post(
    '/api/v1/staff/links/look-up',
    { ...linkLimit, schema: { body: staffLinkRequestSchema, response: { 200: staffLinkResponseSchema } } },
    async (request) => people.lookUpLink(request.body.token),
  );

  routes.post(
    '/api/v1/staff/links/use',
    { ...linkLimit, schema: { body: setPasswordRequestSchema, response: { 200: staffMeSchema } } },
    async (request, reply) => session.start(reply, await people.setPasswordWithLink(request.body)),
  );

  routes.put(
    '/api/v1/staff/password',
    { ...staffFirst(staff), schema: { body: changePasswordRequestSchema, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await people.changeOwnPassword(staffOf(request), request.body);
      return reply.status(204).send();
    },
  );
}
