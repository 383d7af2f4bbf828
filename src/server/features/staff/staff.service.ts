import { randomBytes, randomUUID } from 'node:crypto';
import type { StaffRole } from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import { hashSecretToken, isWellFormedSecretToken, newSecretToken } from '../../http/secret-token.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from './password.ts';
import type { SignInThrottle, StaffRepository, StaffSessionRow, StaffUserRow } from './staff.repository.ts';

export const SESSION_DAYS = 7;
/** Five failures per email, then 1, 2, 4 … minutes between tries, never more than an hour. */
export const SIGN_IN_THROTTLE: SignInThrottle = { freeFailures: 5, maxWaitMinutes: 60 };

export interface StaffPrincipal {
  kind: 'staff';
  staffUserId: string;
  companyId: string;
  role: StaffRole;
  providerId: string | null;
  name: string;
  email: string;
  csrfToken: string;
  sessionTokenHash: string;
}

function toPrincipal(row: StaffSessionRow, sessionTokenHash: string): StaffPrincipal {
  return {
    kind: 'staff',
    staffUserId: row.staffUserId,
    companyId: row.companyId,
    role: row.role,
    providerId: row.providerId,
    name: row.name,
    email: row.email,
    csrfToken: row.csrfToken,
    sessionTokenHash,
  };
}

/**
 * A session is read on every console request and socket subscription; each process keeps what it
 * read for a few seconds. Signing out here forgets it at once; another process within SESSION_CACHE_MS.
 */
const SESSION_CACHE_MS = 5_000;

export function createStaffService(staff: StaffRepository) {
  const sessions = new Map<string, { at: number; row: StaffSessionRow }>();

  /**
   * The account whose password this is, or SIGN_IN_THROTTLED / SIGN_IN_FAILED. An unknown email
   * takes the same steps (its attempts counted, a hash computed) and gets the same answers.
   */
  async function checkPassword(email: string, password: string): Promise<StaffUserRow> {
    if (!(await staff.claimSignInAttempt(email, SIGN_IN_THROTTLE))) throw new AppError('SIGN_IN_THROTTLED');
    const user = await staff.findByEmail(email);
    const matches = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !matches) throw new AppError('SIGN_IN_FAILED');
    await staff.clearSignInAttempts(email);
    if (needsRehash(user.passwordHash))
      await staff.replacePasswordHash(user.id, user.passwordHash, await hashPassword(password));
    return user;
  }

  return {
    async signIn(
      email: string,
      password: string,
      now = new Date(),
    ): Promise<{ sessionToken: string; principal: StaffPrincipal }> {
      const user = await checkPassword(email.trim().toLowerCase(), password);
      const sessionToken = newSecretToken();
      const csrfToken = randomBytes(24).toString('base64url');
      const tokenHash = hashSecretToken(sessionToken);
      await staff.insertSession({
        tokenHash,
        staffUserId: user.id,
        csrfToken,
        expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000),
      });
      const principal = toPrincipal(
        {
          staffUserId: user.id,
          companyId: user.companyId,
          email: user.email,
          name: user.name,
          role: user.role,
          providerId: user.providerId,
          csrfToken,
          expiresAt: now,
        },
        tokenHash,
      );
      return { sessionToken, principal };
    },

    async authenticate(sessionToken: string): Promise<StaffPrincipal | null> {
      if (!isWellFormedSecretToken(sessionToken)) return null;
      const tokenHash = hashSecretToken(sessionToken);
      const cached = sessions.get(tokenHash);
      const now = Date.now();
      if (cached && now - cached.at < SESSION_CACHE_MS && new Date(cached.row.expiresAt).getTime() > now) {
        return toPrincipal(cached.row, tokenHash);
      }
      const row = await staff.findSession(tokenHash);
      if (!row) {
        sessions.delete(tokenHash);
        return null;
      }
      if (sessions.size > 10_000) sessions.clear();
      sessions.set(tokenHash, { at: now, row });
      return toPrincipal(row, tokenHash);
    },

    /** Which of these sessions still stand (the realtime channel's periodic check). */
    liveSessionHashes: (tokenHashes: readonly string[]) => staff.liveSessionHashes(tokenHashes),

    async signOut(principal: StaffPrincipal): Promise<void> {
      sessions.delete(principal.sessionTokenHash);
      await staff.deleteSession(principal.sessionTokenHash);
    },

    /** Forgets sign-in failures of emails quiet for a day (app.ts runs it every hour). */
    pruneSignInAttempts: () => staff.pruneSignInAttempts(),

    /** Used by `npm run admin` and the demo seed. */
    async createStaffUser(input: {
      companyId: string;
      email: string;
      name: string;
      password: string;
      role: StaffRole;
      providerId?: string | null;
    }): Promise<string> {
      const id = randomUUID();
      await staff.insertStaffUser({ id, ...input, passwordHash: await hashPassword(input.password) });
      return id;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
