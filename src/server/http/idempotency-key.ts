import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The request's `Idempotency-Key` header, so a retried request lands once; without a usable one
 * (missing, empty, over 100 characters) the request is its own, as if sent once.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length > 0 && key.length <= 100 ? key : randomUUID();
}
