import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

// OWASP's figure for scrypt: N=2^17, r=8, p=1 (128 MiB and about half a second per hash here).
// https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt
// The parameters travel with each hash; a sign-in rehashes one made with weaker ones (needsRehash).
const PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * The memory OpenSSL checks a call against, 128·r·(N + p + 2) bytes: Node's default limit (32 MiB)
 * refuses N=2^17 with r=8.
 */
function maxmem({ N, r, p }: ScryptParams): number {
  return 128 * r * (N + p + 2);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: maxmem(PARAMS) });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parseHash(stored: string): (ScryptParams & { salt: Buffer; key: Buffer }) | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return null;
  return {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parseHash(stored);
  if (!hash) return false;
  const params = { N: hash.N, r: hash.r, p: hash.p };
  const actual = await scryptAsync(password, hash.salt, hash.key.length, {
    ...params,
    maxmem: maxmem(params),
  });
  return timingSafeEqual(actual, hash.key);
}

/** Whether a hash was made with weaker parameters than today's (hashed again at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const hash = parseHash(stored);
  return !hash || hash.N < PARAMS.N || hash.r < PARAMS.r || hash.p < PARAMS.p || hash.key.length < KEY_LENGTH;
}

/**
 * Compared against when the email is unknown, so timing does not reveal which emails exist. Made
 * on the thread pool from import on, not awaited there: at N=2^17 a hash takes ~0.5 s, which every
 * server start (and every script importing this) would otherwise wait for.
 */
export const DUMMY_PASSWORD_HASH: Promise<string> = hashPassword(randomBytes(16).toString('hex'));
