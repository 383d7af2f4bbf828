import {
  APP_SCRIPTS_ELEMENT_ID,
  jsonForScript,
  ROUTE_DATA_ELEMENT_ID,
} from '../../../shared/page-rendering.ts';

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json), the fields read here. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  /** A module only `import()` loads (a page, a language's words). */
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * Vite's names for its entries (vite.config.ts): the app; the server-rendered pages' first script;
 * the landing page on its own (decisions/0009).
 */
const APP_ENTRY = 'index.html';
export const BOOT_ENTRY = 'boot.ts';
export const ENTRIES = { app: APP_ENTRY, landing: 'landing.tsx' } as const;

export interface PageChunks {
  scripts: string[];
  styles: string[];
}

/**
 * The script and style files a lazy page's modules need beyond what index.html already loads (the
 * entry and its imports): preloaded with the HTML, they arrive with the entry instead of after it,
 * and the page hydrates without a second round of downloads. Each file comes after the files it
 * imports: boot.ts runs them in this order, one at a time (docs/decisions/0008).
 */
export function chunksForModules(manifest: ViteManifest, modules: readonly string[]): PageChunks {
  const loadedByEntry = new Set(keysInDependencyOrder(manifest, [APP_ENTRY]));
  const chunks = keysInDependencyOrder(manifest, modules, loadedByEntry).map((key) => manifest[key]!);
  return {
    scripts: chunks.map((chunk) => `/${chunk.file}`),
    styles: chunks.flatMap((chunk) => (chunk.css ?? []).map((css) => `/${css}`)),
  };
}

/**
 * The manifest keys `keys` name and every chunk they import, except `skip`: each after the chunks
 * it imports (depth first, post-order), so running them in this order runs one new chunk at a time.
 */
function keysInDependencyOrder(
  manifest: ViteManifest,
  keys: readonly string[],
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || skip.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    ordered.push(key);
  };
  for (const key of keys) visit(key);
  return ordered;
}

/**
 * What boot.ts loads after the page's first paint: the app's entry and every module the page
 * needs, each module after the modules it imports (boot.ts runs them one at a time, in order).
 */
export interface AppScripts {
  boot: string;
  /** boot.ts written into the page (boot-script.ts); without it the page links `boot`. */
  bootElement?: string;
  entry: string;
  modules: string[];
}

export function appScriptsOf(
  manifest: ViteManifest,
  pageChunks: PageChunks,
  entry: keyof typeof ENTRIES = 'app',
): AppScripts | null {
  const boot = manifest[BOOT_ENTRY];
  const entryKey = manifest[ENTRIES[entry]] ? ENTRIES[entry] : APP_ENTRY;
  const app = manifest[entryKey];
  if (!boot || !app) return null;
  const entryModules = keysInDependencyOrder(manifest, app.imports ?? [], new Set([entryKey])).map(
    (key) => `/${manifest[key]!.file}`,
  );
  return { boot: `/${boot.file}`, entry: `/${app.file}`, modules: [...entryModules, ...pageChunks.scripts] };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => HTML_ESCAPES[char]!);

/** index.html's meta description replaced by a page's own (escaped); null keeps it. */
export function withDescription(html: string, description: string | null): string {
  if (description === null) return html;
  return html.replace(
    /<meta name="description" content="[^"]*" \/>/,
    () => `<meta name="description" content="${escapeHtml(description)}" />`,
  );
}

export interface RenderedParts {
  title: string;
  description: string | null;
  appHtml: string;
  routeDataJson: string;
  chunks: PageChunks;
  /** When the build has boot.ts: the app's scripts wait for the first paint (docs/decisions/0008). */
  appScripts: AppScripts | null;
}

/**
 * index.html with the rendered page in `#root`, its title, its data for hydration and its chunks.
 * With boot.ts, index.html's own module script and preloads (which would compete with the page's
 * styles and logo) give way to boot.ts, which loads them once the page has painted.
 */
export function fillPage(template: string, parts: RenderedParts): string {
  const { appScripts } = parts;
  const links = [
    ...parts.chunks.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...(appScripts
      ? [
          appScripts.bootElement ??
            `<script type="module" fetchpriority="low" crossorigin src="${appScripts.boot}"></script>`,
        ]
      : parts.chunks.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)),
  ];
  const head = appScripts
    ? template
        .replace(/\s*<script type="module"[^>]*><\/script>/, '')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    : template;
  const scriptsData = appScripts
    ? `\n    <script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">${jsonForScript({
        entry: appScripts.entry,
        modules: appScripts.modules,
      })}</script>`
    : '';
  return withDescription(head, parts.description)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace('</head>', () => `${links.map((link) => `  ${link}\n`).join('')}  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${parts.appHtml}</div>\n    ` +
        `<script type="application/json" id="${ROUTE_DATA_ELEMENT_ID}">${parts.routeDataJson}</script>` +
        scriptsData,
    );
}
