import { createHash } from 'node:crypto';
import type { WordsLanguage } from '../../../shared/languages.ts';
import { companyIdSchema } from '../../../shared/schemas.ts';
import { CONSOLE_DESCRIPTION, manifestHrefFor } from '../manifest/manifest.routes.ts';
import { withDescription } from './page-html.ts';

const GENERIC_MANIFEST_LINK = 'href="/manifest.webmanifest"';
const HTML_ELEMENT = /<html[^>]*>/;
/** Made-up business ids must not grow the cache for ever; past this, pages are made per request. */
const MAX_CACHED_PAGES = 1000;

/** A strong validator of a page's exact HTML. */
export const etagOf = (html: string) =>
  `"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"`;

export interface IndexPage {
  html: string;
  etag: string;
}

/**
 * The landing page's logo (src/client/features/walk-in/components/company-logo.tsx asks for the same
 * URL): fetched with the app's JavaScript instead of after it and the landing data, since it is the
 * page's largest paint. Only on /{companyId} itself; the later pages do not show it.
 */
export function landingLogoHrefFor(urlPath: string): string | null {
  const pathname = urlPath.split('?', 1)[0]!;
  const match = /^\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  let companyId: string;
  try {
    companyId = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  if (companyId === 'console' || !companyIdSchema.safeParse(companyId).success) return null;
  return `/logo/${companyId}.jpg`;
}

/**
 * index.html as each page needs it: in the reader's language (`<html lang>`, which the app's
 * script reads to load its words: lib/page-language.ts), linked to its own web app manifest, and
 * on a landing page with its logo preloaded. Made once per variant, with an ETag for revalidation
 * (the HTML is no-cache).
 */
export function createIndexPages(indexHtml: string): (urlPath: string, language: WordsLanguage) => IndexPage {
  const pages = new Map<string, IndexPage>();
  return (urlPath, language) => {
    const manifestHref = manifestHrefFor(urlPath);
    const logoHref = landingLogoHrefFor(urlPath);
    const key = `${language} ${manifestHref} ${logoHref ?? ''}`;
    let page = pages.get(key);
    if (!page) {
      let html = indexHtml
        .replace(HTML_ELEMENT, `<html lang="${language}">`)
        .replace(GENERIC_MANIFEST_LINK, `href="${manifestHref}"`);
      // The console is not for walk-ins: its own description (what a shared link to it says).
      if (manifestHref === '/console/manifest.webmanifest') {
        html = withDescription(html, CONSOLE_DESCRIPTION);
      }
      if (logoHref) {
        html = html.replace(
          '</head>',
          `  <link rel="preload" as="image" href="${logoHref}" fetchpriority="high" />\n  </head>`,
        );
      }
      page = { html, etag: etagOf(html) };
      if (pages.size < MAX_CACHED_PAGES) pages.set(key, page);
    }
    return page;
  };
}
