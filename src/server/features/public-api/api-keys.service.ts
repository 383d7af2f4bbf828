import { randomUUID } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEYS_MAX,
  type ApiKey,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '../../../shared/public-api-schemas.ts';
import { AppError } from '../../errors.ts';
import { hashSecretToken, isWellFormedSecretToken, newSecretToken } from '../../http/secret-token.ts';
import type { StaffPrincipal } from '../staff/staff.service.ts';
import type { ApiKeyGrant, ApiKeyRow, ApiKeysRepository } from './api-keys.repository.ts';

/** Characters of the key kept readable, after its prefix: enough to tell a business's keys apart. */
const HINT_LENGTH = 4;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    createdBy: row.createdBy,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
  };
}

/** Whether a key has the shape keys are written in: the prefix, then a 256-bit token (secret-token.ts). */
function isWellFormedKey(key: string): boolean {
  return key.startsWith(API_KEY_PREFIX) && isWellFormedSecretToken(key.slice(API_KEY_PREFIX.length));
}

/** The owner's API keys (docs/public-api.md), and the check of a key a program sends. */
export function createApiKeysService(keys: ApiKeysRepository) {
  return {
    async list(companyId: string): Promise<ApiKey[]> {
      return (await keys.listKeys(companyId)).map(toApiKey);
    },

    /** A new key, its secret in the answer this once. */
    async create(owner: StaffPrincipal, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
      const secret = `${API_KEY_PREFIX}${newSecretToken()}`;
      const row = await keys.insertKey(
        {
          id: randomUUID(),
          companyId: owner.companyId,
          name: request.name,
          scope: request.scope,
          secretHash: hashSecretToken(secret),
          hint: secret.slice(0, API_KEY_PREFIX.length + HINT_LENGTH),
          createdBy: owner.staffUserId,
        },
        API_KEYS_MAX,
      );
      if (!row) throw new AppError('API_KEYS_LIMITED');
      return { key: toApiKey(row), secret };
    },

    async revoke(companyId: string, keyId: string): Promise<void> {
      if (!(await keys.revokeKey(companyId, keyId))) throw new AppError('API_KEY_NOT_FOUND');
    },

    /**
     * What the key opens, or null for a key that is malformed (refused before it costs a hash or
     * a query), unknown or revoked. A key of a suspended business is found, and refused by the caller.
     */
    async grantOf(key: string): Promise<ApiKeyGrant | null> {
      if (!isWellFormedKey(key)) return null;
      return keys.useKey(hashSecretToken(key));
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
