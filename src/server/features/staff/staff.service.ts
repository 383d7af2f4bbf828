import { randomBytes, randomUUID } from 'node:crypto';
import type { ConsoleLanguage } from '../../../shared/languages.ts';
import type { StaffRole } from '../../../shared/staff-schemas.ts';
import type { Database } from '../../db/database.ts';
import { AppError, invariantFound } from '../../errors.ts';
import { hashSecretToken, isWellFormedSecretToken, newSecretToken } from '../../http/secret-token.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from './password.ts';
import {
  SESSIONS_ENDED_CHANNEL,
  type SignInThrottle,
  type StaffRepository,
  type StaffSessionRow,
  type StaffUserRow,
} from './staff.repository.ts';

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

function toPrincipal(
  row: Omit<StaffSessionRow, 'businessSuspended'>,
  sessionTokenHash: string,
): StaffPrincipal {
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

export interface StartedSession {
  sessionToken: string;
  principal: StaffPrincipal;
}

/** Signed in, or the businesses whose account this password opens, to choose one of. */
export type SignInResult =
  | { signedIn: StartedSession }
  | { chooseBusiness: { companyId: string; companyName: string }[] };

/**
 * A session cookie's standing: the member it signs in, or refused with the reason their screen
 * shows (the business suspended, migration 0036); null for no session (signed out, expired, unknown).
 */
export type SessionCheck = { principal: StaffPrincipal } | { refused: 'BUSINESS_SUSPENDED' } | null;

/** Told each ended session's token hash, or null when some may have ended unseen. */
export type SessionEndedListener = (tokenHash: string | null) => void;

export function createStaffService(staff: StaffRepository) {
  const sessionEndedListeners = new Set<SessionEndedListener>();

  function announceSessionEnded(tokenHash: string | null): void {
    for (const listener of sessionEndedListeners) listener(tokenHash);
  }

  /**
   * The accounts of this email whose password this is (one per business that matched), or
   * SIGN_IN_THROTTLED / SIGN_IN_FAILED. One person may have an account at several businesses,
   * each with its own password (decisions/0011); `companyId` narrows to that business's account.
   * An unknown email, or an invited member with no password yet, takes the same steps (its
   * attempts counted, a full hash computed) and gets the same answers. The hashes are checked
   * side by side, so a second account costs about the time of one; the answer without the right
   * password never names a business.
   */
  async function checkPassword(email: string, password: string, companyId?: string): Promise<StaffUserRow[]> {
    if (!(await staff.claimSignInAttempt(email, SIGN_IN_THROTTLE))) throw new AppError('SIGN_IN_THROTTLED');
    const accounts = await staff.listByEmail(email, companyId);
    const dummy = await DUMMY_PASSWORD_HASH;
    const checked = await Promise.all(
      (accounts.length > 0 ? accounts : [null]).map(async (account) => {
        const matches = await verifyPassword(password, account?.passwordHash ?? dummy);
        return account?.passwordHash && matches ? account : null;
      }),
    );
    const matched = checked.filter((account) => account !== null);
    if (matched.length === 0) throw new AppError('SIGN_IN_FAILED');
    await staff.clearSignInAttempts(email);
    for (const account of matched)
      if (account.passwordHash && needsRehash(account.passwordHash))
        await staff.replacePasswordHash(account.id, account.passwordHash, await hashPassword(password));
    return matched;
  }

  /** The accounts whose business is not suspended; BUSINESS_SUSPENDED when that leaves none. */
  function refuseSuspendedBusinesses(accounts: StaffUserRow[]): StaffUserRow[] {
    const open = accounts.filter((account) => !account.businessSuspended);
    if (open.length === 0) throw new AppError('BUSINESS_SUSPENDED');
    return open;
  }

  /** A new session for this account: its secret token (the cookie) and who it is. */
  async function openSession(user: StaffUserRow, now: Date): Promise<StartedSession> {
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
  }

  /**
   * The session's staff member, read from the database on every request: a session signed out,
   * or a business suspended, on any process is refused at once.
   */
  async function checkSession(sessionToken: string): Promise<SessionCheck> {
    if (!isWellFormedSecretToken(sessionToken)) return null;
    const tokenHash = hashSecretToken(sessionToken);
    const row = await staff.findSession(tokenHash);
    if (!row) return null;
    if (row.businessSuspended) return { refused: 'BUSINESS_SUSPENDED' };
    return { principal: toPrincipal(row, tokenHash) };
  }

  return {
    /**
     * Signs in the one account this password opens. When it opens accounts at several businesses,
     * nobody is signed in yet: the answer lists those businesses, and the person signs in again
     * with the one they choose (`companyId`).
     */
    async signIn(
      request: { email: string; password: string; companyId?: string | undefined },
      now = new Date(),
    ): Promise<SignInResult> {
      const accounts = await checkPassword(
        request.email.trim().toLowerCase(),
        request.password,
        request.companyId,
      );
      // Told only to whoever knows the password: a suspended business is not named to a guess.
      const open = refuseSuspendedBusinesses(accounts);
      const [only] = open;
      if (open.length === 1 && only) return { signedIn: await openSession(only, now) };
      return {
        chooseBusiness: open.map((account) => ({
          companyId: account.companyId,
          companyName: account.companyName,
        })),
      };
    },

    /** Signs in the account that just chose its password through a one-time link (people.service.ts). */
    async startSession(staffUserId: string): Promise<StartedSession> {
      const user = invariantFound(await staff.findById(staffUserId), 'STAFF_UNAUTHENTICATED');
      refuseSuspendedBusinesses([user]);
      return openSession(user, new Date());
    },

    /**
     * The signed-in member's own password, checked (and throttled) as a sign-in is, before they
     * change it: a session left open on a shared tablet cannot change the password.
     */
    async checkOwnPassword(principal: StaffPrincipal, password: string): Promise<void> {
      try {
        // This business's account only: the same person's password elsewhere is not this one.
        await checkPassword(principal.email, password, principal.companyId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'SIGN_IN_FAILED')
          throw new AppError('VALIDATION_FAILED', {
            field: 'currentPassword',
            message: 'That is not your current password.',
          });
        throw error;
      }
    },

    /**
     * The session's staff member, or null, read from the database on every request (a cache here
     * kept a signed-out session usable for 5 s on the other processes). A suspended business's
     * session is null here too: the realtime channel closes its sockets.
     */
    async authenticate(sessionToken: string): Promise<StaffPrincipal | null> {
      const check = await checkSession(sessionToken);
      return check && 'principal' in check ? check.principal : null;
    },

    /** As `authenticate`, saying why a standing session is refused (http/staff-auth.ts). */
    checkSession,

    /** Which of these sessions still stand (the realtime channel's periodic check). */
    liveSessionHashes: (tokenHashes: readonly string[]) => staff.liveSessionHashes(tokenHashes),

    /** Ends the session; this process's sockets on it are closed before the answer goes out. */
    async signOut(principal: StaffPrincipal): Promise<void> {
      await staff.deleteSession(principal.sessionTokenHash);
      announceSessionEnded(principal.sessionTokenHash);
    },

    /** The console language the member chose on Your account; null: the device's. */
    languageOf: (principal: StaffPrincipal) => staff.findLanguage(principal.staffUserId),

    /** Your account's language: kept for the member, so every device they sign in on follows it. */
    chooseLanguage: (principal: StaffPrincipal, language: ConsoleLanguage) =>
      staff.updateLanguage(principal.staffUserId, language),

    /** Calls `listener` for each ended session (sign-out, removed account), from any process. */
    onSessionEnded(listener: SessionEndedListener): void {
      sessionEndedListeners.add(listener);
    },

    /**
     * Follows the database's announcement of each deleted session (migration 0008), whichever
     * process or statement deleted it. After a lost listening connection, listeners are told that
     * any session may have ended (null): announcements sent meanwhile are gone.
     */
    followEndedSessions: (db: Pick<Database, 'listen'>): Promise<() => Promise<void>> =>
      db.listen(SESSIONS_ENDED_CHANNEL, announceSessionEnded, () => announceSessionEnded(null)),

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
