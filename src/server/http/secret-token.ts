import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets: a customer's token and a staff session's cookie. 256 random bits, so the
 * database keeps only a SHA-256 of each (nothing to brute-force, no slow hash needed).
 */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What newSecretToken makes: anything else is refused before it costs a hash or a query. */
export function isWellFormedSecretToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
