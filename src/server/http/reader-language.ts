import type { FastifyReply, FastifyRequest } from 'fastify';
import { consoleLanguageOf, languageOfAcceptLanguage } from '../../shared/languages.ts';

/**
 * The console's language of the reader (the app sends its page's words' language), for words the
 * server writes into console answers; a language the console does not speak reads English, as the
 * rest of the console does. The answer varies with the header, and says so to caches.
 */
export function consoleReaderLanguage(request: FastifyRequest, reply: FastifyReply) {
  reply.header('Vary', 'Accept-Language');
  return consoleLanguageOf(languageOfAcceptLanguage(request.headers['accept-language']) ?? 'en');
}
