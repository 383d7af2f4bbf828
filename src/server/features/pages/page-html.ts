import { ROUTE_DATA_ELEMENT_ID } from '../../../shared/page-rendering.ts';

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json), the fields read here. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export interface PageChunks {
  scripts: string[];
  styles: string[];
}

/**
 * The script and style files a lazy page's modules need beyond what index.html already loads (the
 * entry and its imports): preloaded with the HTML, they arrive with the entry instead of after it,
 * and the page hydrates without a second round of downloads.
 */
export function chunksForModules(manifest: ViteManifest, modules: readonly string[]): PageChunks {
  const loadedByEntry = new Set<string>();
  const markEntry = (key: string) => {
    if (loadedByEntry.has(key)) return;
    loadedByEntry.add(key);
    for (const imported of manifest[key]?.imports ?? []) markEntry(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) markEntry(key);

  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || loadedByEntry.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.push(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { scripts, styles };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => HTML_ESCAPES[char]!);

export interface RenderedParts {
  title: string;
  appHtml: string;
  routeDataJson: string;
  chunks: PageChunks;
}

/** index.html with the rendered page in `#root`, its title, its data for hydration and its chunks. */
export function fillPage(template: string, parts: RenderedParts): string {
  const links = [
    ...parts.chunks.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...parts.chunks.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace('</head>', () => `${links.map((link) => `  ${link}\n`).join('')}  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${parts.appHtml}</div>\n    ` +
        `<script type="application/json" id="${ROUTE_DATA_ELEMENT_ID}">${parts.routeDataJson}</script>`,
    );
}
