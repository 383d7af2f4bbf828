import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { type Language, languageOfAcceptLanguage } from '../../shared/languages.ts';
import type { ApiError } from '../../shared/schemas.ts';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import { AppError, ERROR_CODES, type ErrorCode } from '../errors.ts';
import { codeMessageIn, errorMessageIn } from './error-texts.ts';

/** Seconds a client waits before trying again while the database reconnects (RFC 9110 §10.2.3). */
const RETRY_AFTER_SECONDS = 2;

function body(code: ErrorCode, message: string, field?: string): ApiError {
  return { error: field ? { code, message, field } : { code, message } };
}

/**
 * The reader's language (the app sends its page's as Accept-Language): a customer's messages are
 * in it (http/texts), the console's stay English. English without one.
 */
const readerLanguage = (request: FastifyRequest): Language =>
  languageOfAcceptLanguage(request.headers['accept-language']) ?? 'en';

/** A code's message in the reader's language. */
const messageOf = (code: ErrorCode, language: Language) =>
  codeMessageIn(code, language) ?? ERROR_CODES[code].message;

/** Maps Fastify's own client errors (bad JSON, wrong content type, body too large) to our codes. */
function codeForFastifyError(error: FastifyError): ErrorCode | null {
  if (error.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (error.statusCode === 429) return 'RATE_LIMITED';
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'BAD_REQUEST';
  return null;
}

/**
 * One error handler: known errors keep their message; a lost database connection is a 503 the
 * client may retry; everything else is a masked 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error) || (error instanceof AppError && error.code === 'UNAVAILABLE')) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(ERROR_CODES.UNAVAILABLE.status)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(body('UNAVAILABLE', messageOf('UNAVAILABLE', readerLanguage(request))));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send(body(error.code, errorMessageIn(error, readerLanguage(request)), error.field));
    }
    const code = codeForFastifyError(error);
    if (code) {
      request.log.info({ err: error }, 'client error');
      return reply
        .status(ERROR_CODES[code].status)
        .send(body(code, messageOf(code, readerLanguage(request))));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('INTERNAL', messageOf('INTERNAL', readerLanguage(request))));
  });
}
