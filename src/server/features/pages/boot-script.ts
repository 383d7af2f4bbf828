import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BOOT_ENTRY, type ViteManifest } from './page-html.ts';

/** boot.ts's built code as a script element of the page, and the CSP source that lets it run. */
export interface BootScript {
  element: string;
  /** `'sha256-…'` of the element's text: script-src allows this script and no other inline one. */
  cspSource: string;
}

/**
 * boot.ts (~1 KB) is written into each server-rendered page instead of linked: a file of its own
 * cost the phone a request, on HTTP/1.1 a connection of its own, before the app could start
 * (Lighthouse's LCP counted it: checked-in and chat at 1.00× the floor's LCP, ~0.85× inline).
 * Null when the code cannot be written into HTML as it is (a closing script tag or a comment
 * opener in it would end or change the element); the page then links the file.
 */
export function inlineBootScript(code: string, file: string): BootScript | null {
  if (/<\/script|<!--/i.test(code)) return null;
  // Relative to the page, the map's address would be wrong; the assets' folder is where it is.
  const text = code.replace(
    /\/\/# sourceMappingURL=(\S+)\s*$/,
    (_comment, map: string) => `//# sourceMappingURL=/${path.posix.join(path.posix.dirname(file), map)}`,
  );
  const hash = createHash('sha256').update(text).digest('base64');
  return { element: `<script type="module">${text}</script>`, cspSource: `'sha256-${hash}'` };
}

/**
 * The build's boot script (dist/client, Vite's manifest names the file), or null without one: the
 * pages then link it, or have none. Read once at start: the CSP header must name it.
 */
export function readBootScript(clientDir: string): BootScript | null {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
    ) as ViteManifest;
    const boot = manifest[BOOT_ENTRY];
    if (!boot) return null;
    return inlineBootScript(readFileSync(path.join(clientDir, boot.file), 'utf8'), boot.file);
  } catch {
    return null;
  }
}
