import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAZY_ROUTE_MODULES } from './routes.tsx';

const source = readFileSync(new URL('./routes.tsx', import.meta.url), 'utf8');

/** Each lazy route's screen and the modules its `lazy()` imports, as written in routes.tsx. */
function lazyImportsAsWritten(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const route =
    /lazyHandle\('(\w+)'[^)]*\),[^{}]*?lazy: withChunkTimeout\(async \(\) => \{([\s\S]*?)\n {10}\}\),/g;
  for (const [, screen, body] of source.matchAll(route)) {
    found[screen!] = [...body!.matchAll(/import\('\.\.\/([^']+)'\)/g)].map((match) => match[1]!);
  }
  return found;
}

describe('lazy routes', () => {
  it('name the modules their lazy() imports, which the server preloads with the page', () => {
    const written = lazyImportsAsWritten();
    expect(Object.keys(written).sort()).toEqual(Object.keys(LAZY_ROUTE_MODULES).sort());
    for (const [screen, modules] of Object.entries(LAZY_ROUTE_MODULES)) {
      expect(written[screen], screen).toEqual([...modules]);
    }
  });
});
