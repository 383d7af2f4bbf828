import type { FastifyInstance, FastifyReply } from 'fastify';
import { companyIdSchema } from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import type { CompanyRepository } from '../company/company.repository.ts';

/** DESIGN.md's brand blue and page background (src/client/styles.css --blue, --background). */
export const THEME_COLOR = '#1d4ed8';
const BACKGROUND_COLOR = '#f8fafc';
const CUSTOMER_APP_NAME = 'CheckN Walkin Service';
const CONSOLE_NAME = 'CheckN console';

/** Icons in src/client/public/icons, drawn from assets/app-icon.svg (scripts/make-icons.ts). */
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: typeof ICONS;
}

function manifest(
  fields: Pick<WebAppManifest, 'name' | 'short_name' | 'description' | 'start_url' | 'scope'>,
) {
  return {
    id: fields.start_url,
    ...fields,
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: ICONS,
  } satisfies WebAppManifest;
}

/** The console's words for itself: its manifest, and its pages' meta description (page-head.ts). */
export const CONSOLE_DESCRIPTION = 'Run the day’s walk-ins from the front desk.';

const CONSOLE_MANIFEST = manifest({
  name: CONSOLE_NAME,
  short_name: 'CheckN',
  description: CONSOLE_DESCRIPTION,
  start_url: '/console',
  scope: '/console',
});

const CUSTOMER_MANIFEST = manifest({
  name: CUSTOMER_APP_NAME,
  short_name: 'CheckN',
  description: 'Join the wait list from your phone.',
  start_url: '/',
  scope: '/',
});

/**
 * The manifest a page links to: the console's under /console, its business's on a customer page
 * (installed from /demo it opens /demo, named for the salon), the generic one elsewhere.
 */
export function manifestHrefFor(urlPath: string): string {
  const [first] = urlPath.split('?', 1)[0]!.split('/').filter(Boolean);
  if (first === 'console') return '/console/manifest.webmanifest';
  if (first === undefined || first === 'add-client') return '/manifest.webmanifest';
  let companyId: string;
  try {
    companyId = decodeURIComponent(first);
  } catch {
    return '/manifest.webmanifest';
  }
  return companyIdSchema.safeParse(companyId).success
    ? `/${companyId}/manifest.webmanifest`
    : '/manifest.webmanifest';
}

/** Web app manifests (installable pages): the console's, the generic one and one per business. */
export function registerManifestRoutes(app: FastifyInstance, deps: { companies: CompanyRepository }) {
  const send = (reply: FastifyReply, body: WebAppManifest) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      // A renamed business shows its new name at the next install within minutes.
      .header('Cache-Control', 'public, max-age=300')
      .send(JSON.stringify(body));

  app.get('/manifest.webmanifest', async (_request, reply) => send(reply, CUSTOMER_MANIFEST));
  app.get('/console/manifest.webmanifest', async (_request, reply) => send(reply, CONSOLE_MANIFEST));
  app.get('/:companyId/manifest.webmanifest', async (request, reply) => {
    const parsed = companyIdSchema.safeParse((request.params as { companyId: string }).companyId);
    if (!parsed.success) throw new AppError('COMPANY_NOT_FOUND');
    const company = await deps.companies.findById(parsed.data);
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    return send(
      reply,
      manifest({
        name: company.name,
        short_name: company.name,
        description: `Join ${company.name}’s wait list from your phone.`,
        start_url: `/${company.id}`,
        scope: `/${company.id}`,
      }),
    );
  });
}
