import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAZY_PAGES, QUERY_CLIENT_MODULE } from './routes.tsx';

const source = readFileSync(new URL('./routes.tsx', import.meta.url), 'utf8');

/** Each lazy route's screen and the modules it imports (its page, and lazyPage's own), as written in routes.tsx. */
function lazyImportsAsWritten(): Record<string, string[]> {
  const helper = /function lazyPage\([\s\S]*?import\('\.\.\/([^']+)'\)/.exec(source)?.[1];
  const found: Record<string, string[]> = {};
  const route = /handle: handle\('(\w+)'[^)]*\),[^{}]*?lazy: lazyPage\(\(\) =>\s*import\('\.\.\/([^']+)'\)/g;
  for (const [, screen, page] of source.matchAll(route)) found[screen!] = [page!, helper ?? ''];
  return found;
}

describe('lazy routes', () => {
  it('name the modules their lazy() imports, which the server preloads with the page', () => {
    const written = lazyImportsAsWritten();
    expect(Object.keys(written).sort()).toEqual(Object.keys(LAZY_PAGES).sort());
    for (const [screen, page] of Object.entries(LAZY_PAGES)) {
      expect(written[screen], screen).toEqual([page, QUERY_CLIENT_MODULE]);
    }
  });
});
