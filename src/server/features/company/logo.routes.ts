import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyIdSchema } from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import type { CompanyRepository } from './company.repository.ts';

const DEFAULT_LOGO = readFileSync(new URL('../../../../assets/default-logo.jpg', import.meta.url));
const DEFAULT_LOGO_ETAG = `"default-${createHash('sha1').update(DEFAULT_LOGO).digest('hex').slice(0, 16)}"`;
const STARTED_AT = new Date();

function sendJpeg(
  request: FastifyRequest,
  reply: FastifyReply,
  jpeg: Uint8Array,
  etag: string,
  modified: Date,
) {
  // Short freshness, then revalidation: a logo the owner replaces shows within minutes.
  reply.header('Cache-Control', 'public, max-age=300, must-revalidate');
  reply.header('ETag', etag);
  reply.header('Last-Modified', modified.toUTCString());
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) {
    return reply.status(304).send();
  }
  return reply.type('image/jpeg').send(Buffer.from(jpeg));
}

/** logo/{companyId}.jpg of spec §3 at a stable URL; the default logo when the business has none. */
export function registerLogoRoutes(app: FastifyInstance, deps: { companies: CompanyRepository }) {
  app.get('/logo/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const companyId = file.endsWith('.jpg') ? file.slice(0, -'.jpg'.length) : '';
    if (!companyIdSchema.safeParse(companyId).success) throw new AppError('COMPANY_NOT_FOUND');
    const logo = await deps.companies.findLogo(companyId);
    if (!logo) throw new AppError('COMPANY_NOT_FOUND');
    if (logo.logo && logo.etag) {
      return sendJpeg(request, reply, logo.logo, `"${logo.etag}"`, logo.updatedAt ?? STARTED_AT);
    }
    return sendJpeg(request, reply, DEFAULT_LOGO, DEFAULT_LOGO_ETAG, STARTED_AT);
  });
}
