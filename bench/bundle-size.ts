/**
 * What each customer route downloads, read from the Vite manifest of `npm run build`.
 * Run alone with `tsx bench/bundle-size.ts` (after a build); `bench/run.ts` uses it too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LAZY_PAGES, QUERY_CLIENT_MODULE } from '../src/client/app/routes.tsx';
import { paths } from '../src/shared/paths.ts';

export const LANDING_GZIP_BUDGET_BYTES = 110 * 1024;
const WORDS_DIR = 'lib/texts/';
const LANDING_WORDS = `${WORDS_DIR}en/landing.ts`;
const CUSTOMER_WORDS = `${WORDS_DIR}en/customer.ts`;
/** Chunks the landing page must never download (app/routes.tsx loads them on demand). */
const LAZY_ONLY_SOURCES = ['user-info-page', 'checked-in-page'];

/**
 * The lazy routes and the modules their `lazy()` imports, as written in src/client/app/routes.tsx.
 * A renamed module fails the bench instead of being silently left out.
 */
const LAZY_ROUTES = [
  {
    name: 'user-info',
    path: paths.userInfo.path,
    dynamicSources: [LAZY_PAGES.user_info, QUERY_CLIENT_MODULE],
  },
  {
    name: 'checked-in',
    path: paths.checkedIn.path,
    dynamicSources: [LAZY_PAGES.checked_in, QUERY_CLIENT_MODULE],
  },
];

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  key: string;
  file: string;
  src: string | null;
  bytes: number;
  gzipBytes: number;
}

export interface RouteBundle {
  route: string;
  path: string;
  /** True for routes fetched on demand; their chunks exclude what the landing page already loaded. */
  lazy: boolean;
  chunks: ChunkSize[];
  bytes: number;
  gzipBytes: number;
}

export interface BundleTarget {
  name: string;
  pass: boolean;
  detail: string;
}

export interface BundleReport {
  manifestPath: string;
  routes: RouteBundle[];
  targets: BundleTarget[];
}

const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../dist/client/', import.meta.url));

export function measureBundleSizes(clientDir = DEFAULT_CLIENT_DIR): BundleReport {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const sizes = new Map<string, ChunkSize>();
  const sizeOf = (key: string): ChunkSize => {
    const cached = sizes.get(key);
    if (cached) return cached;
    const chunk = chunkAt(manifest, key);
    const content = readFileSync(path.join(clientDir, chunk.file));
    const size = {
      key,
      file: chunk.file,
      src: chunk.src ?? null,
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    };
    sizes.set(key, size);
    return size;
  };

  // The app's entry (its lazy routes hang off it); the landing page loads boot.ts and its own
  // entry, landing.tsx, without the router (docs/decisions/0008, 0009).
  const entryKey = 'index.html';
  chunkAt(manifest, entryKey);
  const landingKeys = staticClosure(manifest, ['boot.ts', 'landing.tsx']);
  // The words of one language (English here), which each page loads before it hydrates
  // (lib/landing-texts.ts, lib/customer-texts.ts): never in a static chunk (a target below).
  const routes: RouteBundle[] = [
    toRouteBundle(
      'landing',
      paths.landing.path,
      false,
      [...landingKeys, ...staticClosure(manifest, [LANDING_WORDS])].map(sizeOf),
    ),
  ];

  // The app's lazy imports, wherever in its static chunks they are written (routes.tsx's chunk).
  const entryDynamicImports = new Set(
    [...staticClosure(manifest, [entryKey])].flatMap((key) => chunkAt(manifest, key).dynamicImports ?? []),
  );
  for (const route of LAZY_ROUTES) {
    for (const source of route.dynamicSources) {
      if (!entryDynamicImports.has(source)) {
        throw new Error(`${route.name}: ${source} is not a dynamic import of the entry in ${manifestPath}`);
      }
    }
    const keys = [...staticClosure(manifest, route.dynamicSources)].filter((key) => !landingKeys.has(key));
    // With what the words' chunk imports (a chunk it shares with the console's English words).
    const words = [...staticClosure(manifest, [CUSTOMER_WORDS])].filter((key) => !landingKeys.has(key));
    routes.push(toRouteBundle(route.name, route.path, true, [...new Set([...keys, ...words])].map(sizeOf)));
  }
  const staticWords = [...staticClosure(manifest, ['boot.ts', 'landing.tsx', entryKey])].filter((key) =>
    key.startsWith(WORDS_DIR),
  );

  const landing = routes[0]!;
  const leaked = landing.chunks.filter((chunk) =>
    LAZY_ONLY_SOURCES.some((name) => chunk.src?.includes(name)),
  );
  const targets: BundleTarget[] = [
    {
      name: 'landing JS gzip <= 110 KB',
      pass: landing.gzipBytes <= LANDING_GZIP_BUDGET_BYTES,
      detail: `${formatKb(landing.gzipBytes)} of ${formatKb(LANDING_GZIP_BUDGET_BYTES)}`,
    },
    {
      name: 'landing loads no user-info/checked-in chunk',
      pass: leaked.length === 0,
      detail: leaked.length === 0 ? 'none loaded' : `loads ${leaked.map((chunk) => chunk.src).join(', ')}`,
    },
    {
      // Only `import()` loads words, one language's: a static import would send every reader a
      // language they did not ask for.
      name: 'pages load words of one language only',
      pass: staticWords.length === 0,
      detail: staticWords.length === 0 ? 'all loaded on demand' : `statically: ${staticWords.join(', ')}`,
    },
    {
      // The console's words (texts/<language>/console.ts) are their own chunk; a customer page that pulled
      // it in would download ~7 KB gzip of words it never shows.
      name: "customer pages load none of the console's words",
      pass: routes.every((route) => !route.chunks.some(isConsoleTexts)),
      detail:
        routes
          .filter((route) => route.chunks.some(isConsoleTexts))
          .map((route) => route.route)
          .join(', ') || 'none loads them',
    },
  ];
  return { manifestPath, routes, targets };
}

const isConsoleTexts = (chunk: ChunkSize) =>
  /^words-[^-]+(-[A-Za-z]+)?-console-/.test(path.basename(chunk.file));

function chunkAt(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk "${key}"`);
  return chunk;
}

/** The chunks and everything they import statically, recursively; dynamic imports are not followed. */
function staticClosure(manifest: Manifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(chunkAt(manifest, key).imports ?? []));
  }
  return seen;
}

function toRouteBundle(route: string, routePath: string, lazy: boolean, chunks: ChunkSize[]): RouteBundle {
  const sorted = [...chunks].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    route,
    path: routePath,
    lazy,
    chunks: sorted,
    bytes: sorted.reduce((sum, chunk) => sum + chunk.bytes, 0),
    gzipBytes: sorted.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
  };
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function formatBundleReport(report: BundleReport): string[] {
  const lines = ['Bundle sizes per customer route (JS only, gzip level 9; 1 KB = 1024 bytes)'];
  lines.push(
    `  ${'route'.padEnd(12)}${'path'.padEnd(38)}${'chunks'.padStart(6)}${'raw'.padStart(12)}${'gzip'.padStart(12)}`,
  );
  for (const route of report.routes) {
    const name = route.lazy ? `${route.route}*` : route.route;
    lines.push(
      `  ${name.padEnd(12)}${route.path.padEnd(38)}${String(route.chunks.length).padStart(6)}` +
        `${formatKb(route.bytes).padStart(12)}${formatKb(route.gzipBytes).padStart(12)}`,
    );
    for (const chunk of route.chunks) {
      lines.push(
        `      ${chunk.file.padEnd(52)}${formatKb(chunk.bytes).padStart(12)}${formatKb(chunk.gzipBytes).padStart(12)}`,
      );
    }
  }
  lines.push('  * lazy route: only the chunks it adds to what the landing page already loaded');
  return lines;
}

export function formatTarget(target: { name: string; pass: boolean; detail: string }): string {
  return `  ${target.pass ? 'PASS' : 'FAIL'}  ${target.name.padEnd(46)} ${target.detail}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = measureBundleSizes();
  console.log([...formatBundleReport(report), 'Targets', ...report.targets.map(formatTarget)].join('\n'));
}
