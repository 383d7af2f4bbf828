import type { FastifyInstance } from 'fastify';
import { uuidSchema, z } from '../../../shared/schemas.ts';
import {
  addMemberRequestSchema,
  changePasswordRequestSchema,
  type MemberLinkResponse,
  type PeopleResponse,
  type StaffLinkResponse,
  type StaffMe,
  setPasswordRequestSchema,
  staffLinkRequestSchema,
} from '../../../shared/staff-schemas.ts';
import { AppError } from '../../errors.ts';
import { ownerBusinessKey } from '../../http/rate-limit-key.ts';
import { requireStaff, requireStaffWithRole } from '../../http/staff-auth.ts';
import { parseInput } from '../../http/validate.ts';
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

  app.get('/api/v1/staff/people', async (request): Promise<PeopleResponse> => {
    return people.listPeople(await requireStaffWithRole(request, staff, 'owner'));
  });

  app.post('/api/v1/staff/people', staffLinksLimit, async (request, reply): Promise<MemberLinkResponse> => {
    const principal = await requireStaffWithRole(request, staff, 'owner');
    const added = await people.addMember(principal, parseInput(addMemberRequestSchema, request.body));
    reply.status(201);
    return added;
  });

  app.post(
    '/api/v1/staff/people/:staffUserId/reset',
    staffLinksLimit,
    async (request): Promise<MemberLinkResponse> => {
      const principal = await requireStaffWithRole(request, staff, 'owner');
      const { staffUserId } = parseInput(memberParamsSchema, request.params);
      return people.resetMember(principal, staffUserId);
    },
  );

  app.delete('/api/v1/staff/people/:staffUserId', async (request, reply) => {
    const principal = await requireStaffWithRole(request, staff, 'owner');
    const { staffUserId } = parseInput(memberParamsSchema, request.params);
    await people.removeMember(principal, staffUserId);
    return reply.status(204).send();
  });

  // A link's token is a secret of 256 bits; the limit keeps a guesser from trying at speed anyway.
  const linkLimit = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

  app.post('/api/v1/staff/links/look-up', linkLimit, async (request): Promise<StaffLinkResponse> => {
    return people.lookUpLink(parseInput(staffLinkRequestSchema, request.body).token);
  });

  app.post('/api/v1/staff/links/use', linkLimit, async (request, reply): Promise<StaffMe> => {
    const started = await people.setPasswordWithLink(parseInput(setPasswordRequestSchema, request.body));
    return session.start(reply, started);
  });

  app.put('/api/v1/staff/password', async (request, reply) => {
    const principal = await requireStaff(request, staff);
    await people.changeOwnPassword(principal, parseInput(changePasswordRequestSchema, request.body));
    return reply.status(204).send();
  });
}
