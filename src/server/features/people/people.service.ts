import { randomUUID } from 'node:crypto';
import { CONSOLE_LINK_PATH } from '../../../shared/constants.ts';
import type {
  AddMemberRequest,
  ChangePasswordRequest,
  Member,
  MemberLinkResponse,
  PeopleResponse,
  SetPasswordRequest,
  StaffLinkResponse,
} from '../../../shared/staff-schemas.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError, invariantFound } from '../../errors.ts';
import { hashSecretToken, isWellFormedSecretToken, newSecretToken } from '../../http/secret-token.ts';
import type { CompanyService } from '../company/company.service.ts';
import { hashPassword } from '../staff/password.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff.service.ts';
import type { MemberRow, PeopleRepository, StaffLinkKind } from './people.repository.ts';

/** How long an invite or reset link works (issue 12: 72 hours). */
export const STAFF_LINK_HOURS = 72;

function toMember(row: MemberRow, principal: StaffPrincipal): Member {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    providerId: row.providerId,
    providerName: row.providerName,
    status: row.invited ? 'invited' : 'active',
    linkExpiresAt: row.linkExpiresAt ? new Date(row.linkExpiresAt).toISOString() : null,
    isYou: row.id === principal.staffUserId,
  };
}

/**
 * The owner's People page (issue 12): members are added with a one-time link to hand over, which
 * sets their password; a reset gives a new link and ends their sessions; removal ends them too.
 * Each member changes their own password. docs/people.md.
 */
export function createPeopleService(deps: {
  db: Database;
  people: PeopleRepository;
  staff: StaffService;
  companies: Pick<CompanyService, 'listProviders'>;
  publicUrl: string;
}) {
  const { db, people, staff, companies } = deps;

  /** A provider account is linked to one provider of this business; no other role is. */
  async function ensureProviderLink(
    companyId: string,
    role: Member['role'],
    providerId: string | null | undefined,
  ): Promise<string | null> {
    if (role !== 'provider') return null;
    const providers = await companies.listProviders(companyId);
    if (!providerId || !providers.some((provider) => provider.id === providerId))
      throw new AppError('VALIDATION_FAILED', {
        field: 'providerId',
        message: 'Pick which provider this person is.',
      });
    return providerId;
  }

  /** A member of the owner's own business other than themself: any other looks missing. */
  async function requireOtherMember(principal: StaffPrincipal, staffUserId: string): Promise<MemberRow> {
    const member = invariantFound(
      await people.findMember(principal.companyId, staffUserId),
      'MEMBER_NOT_FOUND',
    );
    // The owner keeps a way in: their own password is changed, not reset or removed.
    if (member.id === principal.staffUserId) throw new AppError('NOT_YOURSELF');
    return member;
  }

  /**
   * A change that may take an owner away, made in turn with any other (lockTeam) and only while
   * the owner making it still is one: of two owners removing or resetting each other at the same
   * moment, the second finds they were removed (or reset) and is told to sign in again.
   */
  async function changeTeamAsOwner(
    principal: StaffPrincipal,
    member: MemberRow,
    change: (tx: Queryable) => Promise<boolean>,
  ): Promise<void> {
    const changed = await db.transaction(async (tx) => {
      await people.lockTeam(principal.companyId, tx);
      return change(tx);
    });
    if (changed) return;
    // Nothing changed: the member went meanwhile, or the owner acting is no longer one.
    invariantFound(await people.findMember(principal.companyId, member.id), 'MEMBER_NOT_FOUND');
    throw new AppError('STAFF_UNAUTHENTICATED');
  }

  async function issueLink(
    principal: StaffPrincipal,
    staffUserId: string,
    kind: StaffLinkKind,
  ): Promise<MemberLinkResponse> {
    const token = newSecretToken();
    const expiresAt = new Date(Date.now() + STAFF_LINK_HOURS * 60 * 60 * 1000);
    await people.replaceLink({ tokenHash: hashSecretToken(token), staffUserId, kind, expiresAt });
    const member = invariantFound(
      await people.findMember(principal.companyId, staffUserId),
      'MEMBER_NOT_FOUND',
    );
    return {
      member: toMember(member, principal),
      // In the fragment: browsers never send it, so no server or proxy log holds it.
      link: `${deps.publicUrl}${CONSOLE_LINK_PATH}#${token}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  async function requireOpenLink(token: string) {
    const link = isWellFormedSecretToken(token) ? await people.findLink(hashSecretToken(token)) : null;
    return invariantFound(link, 'STAFF_LINK_NOT_FOUND');
  }

  return {
    async listPeople(principal: StaffPrincipal): Promise<PeopleResponse> {
      const [members, providers] = await Promise.all([
        people.listMembers(principal.companyId),
        companies.listProviders(principal.companyId),
      ]);
      return { members: members.map((row) => toMember(row, principal)), providers };
    },

    async addMember(principal: StaffPrincipal, request: AddMemberRequest): Promise<MemberLinkResponse> {
      const providerId = await ensureProviderLink(principal.companyId, request.role, request.providerId);
      const id = randomUUID();
      const added = await people.insertInvitedMember({
        id,
        companyId: principal.companyId,
        name: request.name,
        email: request.email,
        role: request.role,
        providerId,
      });
      // Only someone already on this team: an account at another business is theirs to keep and
      // nothing this owner may learn of; this business's own account is made all the same.
      if (!added) throw new AppError('EMAIL_TAKEN', { field: 'email' });
      return issueLink(principal, id, 'invite');
    },

    /** A new one-time link; the old password and every session of the member stop working now. */
    async resetMember(principal: StaffPrincipal, staffUserId: string): Promise<MemberLinkResponse> {
      const member = await requireOtherMember(principal, staffUserId);
      // An invited member who never came keeps an invite; the others get a reset.
      const kind: StaffLinkKind = member.invited ? 'invite' : 'reset';
      await changeTeamAsOwner(principal, member, (tx) =>
        people.clearPassword(
          { companyId: principal.companyId, staffUserId: member.id, byOwner: principal.staffUserId },
          tx,
        ),
      );
      return issueLink(principal, member.id, kind);
    },

    async removeMember(principal: StaffPrincipal, staffUserId: string): Promise<void> {
      const member = await requireOtherMember(principal, staffUserId);
      await changeTeamAsOwner(principal, member, (tx) =>
        people.deleteMember(
          { companyId: principal.companyId, staffUserId: member.id, byOwner: principal.staffUserId },
          tx,
        ),
      );
    },

    /** What the link's page shows before the password is chosen. */
    async lookUpLink(token: string): Promise<StaffLinkResponse> {
      const link = await requireOpenLink(token);
      return { kind: link.kind, name: link.name, email: link.email, companyName: link.companyName };
    },

    /** Uses a link once: the password is set and the member is signed in here. */
    async setPasswordWithLink(request: SetPasswordRequest) {
      await requireOpenLink(request.token);
      const staffUserId = await people.useLink(
        hashSecretToken(request.token),
        await hashPassword(request.password),
      );
      // Used meanwhile by another tab: the same answer as an expired link.
      if (!staffUserId) throw new AppError('STAFF_LINK_NOT_FOUND');
      return staff.startSession(staffUserId);
    },

    /** A member's own password: the current one first (throttled like a sign-in); their other sessions end. */
    async changeOwnPassword(principal: StaffPrincipal, request: ChangePasswordRequest): Promise<void> {
      await staff.checkOwnPassword(principal, request.currentPassword);
      await people.changePassword({
        staffUserId: principal.staffUserId,
        newHash: await hashPassword(request.newPassword),
        keepSessionHash: principal.sessionTokenHash,
      });
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
