import type { FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../shared/public-api-schemas.ts';
import { AppError } from '../errors.ts';
import type { ApiKeyGrant } from '../features/public-api/api-keys.repository.ts';
import type { ApiKeysService } from '../features/public-api/api-keys.service.ts';
import { bearerToken } from './auth.ts';

/** One lookup per request: the rate limit's key and the route's guard both ask which key calls. */
const grants = new WeakMap<FastifyRequest, Promise<ApiKeyGrant | null>>();

function findGrant(
  request: FastifyRequest,
  keys: Pick<ApiKeysService, 'grantOf'>,
): Promise<ApiKeyGrant | null> {
  let found = grants.get(request);
  if (!found) {
    const key = bearerToken(request);
    found = key ? keys.grantOf(key) : Promise.resolve(null);
    grants.set(request, found);
  }
  return found;
}

/**
 * A public API route's limit key: the key, whatever addresses its program calls from; a request
 * without a key in use is counted by client IP (and refused by the route).
 */
export function apiKeyOrIpKey(keys: Pick<ApiKeysService, 'grantOf'>) {
  return async (request: FastifyRequest): Promise<string> => {
    const grant = await findGrant(request, keys);
    return grant ? `api-key:${grant.keyId}` : `ip:${request.ip}`;
  };
}

const checkedGrants = new WeakMap<FastifyRequest, ApiKeyGrant>();

/**
 * Route options of the public API (docs/public-api.md): the request's key is checked, and its
 * scope, before its input is (as staffFirst does for the console). A read route takes either
 * scope; one that changes the line takes a read and write key.
 */
export function apiKeyFirst(keys: Pick<ApiKeysService, 'grantOf'>, needs: ApiKeyScope) {
  return {
    preValidation: async (request: FastifyRequest) => {
      const grant = await findGrant(request, keys);
      if (!grant) throw new AppError('API_KEY_INVALID');
      if (grant.businessSuspended) throw new AppError('BUSINESS_SUSPENDED');
      if (needs === 'read_write' && grant.scope !== 'read_write') throw new AppError('API_KEY_READ_ONLY');
      checkedGrants.set(request, grant);
    },
  };
}

/** The key calling a route that declared apiKeyFirst. */
export function apiKeyOf(request: FastifyRequest): ApiKeyGrant {
  const grant = checkedGrants.get(request);
  // A programming error, not a caller's: the route forgot apiKeyFirst, and must not run unguarded.
  if (!grant) throw new Error(`${request.method} ${request.routeOptions.url}: apiKeyOf without apiKeyFirst`);
  return grant;
}
