import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/database.ts';
import { createCompanyRepository } from '../../src/server/features/company/company.repository.ts';
import {
  createStaffRepository,
  SESSIONS_ENDED_CHANNEL,
} from '../../src/server/features/staff/staff.repository.ts';
import { createStaffService } from '../../src/server/features/staff/staff.service.ts';
import { hashSecretToken } from '../../src/server/http/secret-token.ts';
import { DEMO_OWNER } from '../../src/server/seed/demo.ts';
import {
  memberLinkResponseSchema,
  type Provider,
  type StaffMe,
  type StaffRole,
  staffMeSchema,
} from '../../src/shared/staff-schemas.ts';
import { RealtimeTestClient } from './realtime-client.ts';

export const STAFF_COOKIE_NAME = 'checkn_staff';

export interface StaffSession {
  me: StaffMe;
  /** The raw session token from the cookie. */
  token: string;
  /** `checkn_staff=…`, for a Cookie header. */
  cookie: string;
  /** Cookie and CSRF header: what the console sends on a change. */
  headers: { cookie: string; 'x-csrf-token': string };
}

let addressCounter = 0;

/**
 * A client address of its own. The sign-in route allows only so many tries a minute per address;
 * tests that are not about that limit each come from their own address.
 */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export async function signInStaff(
  app: FastifyInstance,
  credentials: { email: string; password: string } = DEMO_OWNER,
): Promise<StaffSession> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/sign-in',
    payload: { email: credentials.email, password: credentials.password },
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`staff sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const me = staffMeSchema.parse(response.json());
  const token = response.cookies.find((c) => c.name === STAFF_COOKIE_NAME)?.value;
  if (!token) throw new Error('staff sign-in set no session cookie');
  const cookie = `${STAFF_COOKIE_NAME}=${token}`;
  return { me, token, cookie, headers: { cookie, 'x-csrf-token': me.csrfToken } };
}

/**
 * Resolves once the app serving `url` has handled every ended-session announcement made before
 * the call. They come on one channel, in order: an announcement made now for a marker session
 * (never signed out, so nothing but the announcement closes its socket) is handled after them.
 */
export async function sessionEndsHandled(app: FastifyInstance, db: Database, url: string): Promise<void> {
  const marker = await signInStaff(app);
  const socket = await RealtimeTestClient.connect(url, { cookie: marker.cookie });
  await db.query('select pg_notify($1, $2)', [SESSIONS_ENDED_CHANNEL, hashSecretToken(marker.token)]);
  await socket.closed;
}

export interface TestBusiness {
  companyId: string;
  accountId: string;
  name: string;
  providers: Provider[];
  owner: { id: string; email: string; password: string; name: string };
}

/** A second business with its own owner, providers and services, next to the seeded demo one. */
export async function createBusiness(
  db: Database,
  overrides: {
    companyId?: string;
    name?: string;
    services?: string[];
    providers?: { name: string; speciality?: string; station?: string }[];
  } = {},
): Promise<TestBusiness> {
  const companyId = overrides.companyId ?? `biz-${randomUUID().slice(0, 8)}`;
  const name = overrides.name ?? `Business ${companyId}`;
  const companies = createCompanyRepository(db);
  const accountId = randomUUID();
  await companies.insertCompany({
    id: companyId,
    accountId,
    name,
    location: '1 Side St|Springfield|IL|62701',
  });
  await companies.replaceServices(companyId, overrides.services ?? ['Facials', 'Massage']);
  const providerInputs = overrides.providers ?? [{ name: `${name} Provider` }];
  for (const [position, provider] of providerInputs.entries()) {
    await companies.insertProvider(
      companyId,
      {
        id: randomUUID(),
        name: provider.name,
        speciality: provider.speciality ?? 'All',
        station: provider.station ?? `Chair ${position + 1}`,
      },
      position,
    );
  }
  const owner = { email: `owner@${companyId}.test`, password: `pw-${randomUUID()}`, name: `${name} Owner` };
  const id = await createStaffService(createStaffRepository(db)).createStaffUser({
    companyId,
    email: owner.email,
    name: owner.name,
    password: owner.password,
    role: 'owner',
  });
  return {
    companyId,
    accountId,
    name,
    providers: await companies.listProviders(companyId),
    owner: { id, ...owner },
  };
}

export async function listProviders(db: Database, companyId: string): Promise<Provider[]> {
  return createCompanyRepository(db).listProviders(companyId);
}

/** A board button (call, start, done, no-show, remove) pressed by `session` on one wait entry. */
export function staffAction(
  app: FastifyInstance,
  session: Pick<StaffSession, 'headers'>,
  waitId: string,
  action: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/staff/wait-entries/${waitId}/${action}`,
    headers: session.headers,
  });
}

/** Assigns (or, with null, unassigns) a provider to one wait entry, as `session`. */
export function assignProvider(
  app: FastifyInstance,
  session: Pick<StaffSession, 'headers'>,
  waitId: string,
  providerId: string | null,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/staff/wait-entries/${waitId}/provider`,
    headers: session.headers,
    payload: { providerId },
  });
}

let memberCounter = 0;

/**
 * A new member of the owner's team, added from the People page and signed in through their
 * one-time link, as a new employee would.
 */
export async function addTeamMember(
  app: FastifyInstance,
  owner: StaffSession,
  member: { role: StaffRole; providerId?: string | null; name?: string },
): Promise<StaffSession & { password: string }> {
  memberCounter += 1;
  const password = `pw-${randomUUID()}`;
  const added = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/people',
    headers: owner.headers,
    payload: { name: `Member ${memberCounter}`, email: `member-${randomUUID()}@team.test`, ...member },
  });
  if (added.statusCode !== 201) throw new Error(`adding a member failed: ${added.statusCode} ${added.body}`);
  const { link } = memberLinkResponseSchema.parse(added.json());
  const used = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/links/use',
    payload: { token: link.slice(link.indexOf('#') + 1), password },
    remoteAddress: freshAddress(),
  });
  if (used.statusCode !== 200) throw new Error(`using the link failed: ${used.statusCode} ${used.body}`);
  const me = staffMeSchema.parse(used.json());
  const token = used.cookies.find((c) => c.name === STAFF_COOKIE_NAME)!.value;
  const cookie = `${STAFF_COOKIE_NAME}=${token}`;
  return { me, token, cookie, headers: { cookie, 'x-csrf-token': me.csrfToken }, password };
}
