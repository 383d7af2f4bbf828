/**
 * The public API's contract (docs/public-api.md): the keys an owner makes in Settings, and the
 * line another program reads and works with one. Apart from staff-schemas.ts's console shapes it
 * reuses, so what is published to other software is read in one place.
 */
import * as z from 'zod/mini';
import { trimmedText, uuidSchema } from './schemas.ts';
import { boardEntrySchema, providerSchema } from './staff-schemas.ts';

/** What a key may do: read the line, or also add to it and move people along it. */
export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, 'Pick what the key may do');
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** A business's keys at most: enough for every program a salon runs, few enough to review. */
export const API_KEYS_MAX = 20;

/** Every key starts so: a secret scanner (and a person) can tell it is a CheckN key. */
export const API_KEY_PREFIX = 'ckn_';

export const createApiKeyRequestSchema = z.object({
  name: trimmedText(60, 'Please name the key (what uses it)', 'Use at most 60 characters'),
  scope: apiKeyScopeSchema,
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: apiKeyScopeSchema,
  /** The key's first characters ("ckn_Ab3x"), to tell which key a program holds. */
  hint: z.string(),
  /** Who made it; null once their account is removed. */
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  /** To the minute; null until the key is first used. */
  lastUsedAt: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

/** The key itself, shown this once: only its hash is kept. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyParamsSchema = z.object({ keyId: uuidSchema('Unknown key') });

/** The line as a key reads it: who is in it (today's entries, as the board shows them). */
export const lineResponseSchema = z.object({
  companyId: z.string(),
  entries: z.array(boardEntrySchema),
  providers: z.array(providerSchema),
  /** What a walk-in may be added for. */
  services: z.array(z.string()),
});
export type LineResponse = z.infer<typeof lineResponseSchema>;
