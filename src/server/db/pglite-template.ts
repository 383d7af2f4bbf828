/**
 * A new embedded database starts from an empty data folder made ahead of time by the same PGlite
 * (`npm run pglite-template` writes pglite-template/pglite-<version>.tar.gz), not from initdb.
 *
 * Why: PGlite makes a new folder by running initdb against a second PostgreSQL instance in the
 * same process, and both instances' memory added up: a first start peaked at 0.9–1.2 GB RSS, which
 * a 1 GB server does not have (issue 25 item 3, docs/memory.md). Loading the template peaks where a
 * restart does, and takes a third of the time (tests open hundreds of in-memory databases).
 *
 * A new folder gets the template's files written by this thread, PG_VERSION last, before PGlite
 * opens it as it opens any existing folder: loading the tarball inside PGlite held it unpacked in
 * the database thread's heap, and an idle first start kept 430 MB where a restart keeps 290.
 * A first start stopped halfway leaves no PG_VERSION, and the next start writes the files again.
 *
 * The template is used only when its version is the installed PGlite's: a folder made by another
 * PostgreSQL could not be opened. Without one (an upgrade that did not run the script) the folder
 * is made by initdb as before; a test fails until the template is made again.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract } from 'tar';
import { syncFile } from './backup.ts';

export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('../../../pglite-template/', import.meta.url));

/** The installed PGlite's version, from its package.json (beside its dist folder). */
export async function installedPgliteVersion(): Promise<string> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const manifest = JSON.parse(await readFile(path.join(dist, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export const pgliteTemplateFile = (version: string) =>
  path.join(PGLITE_TEMPLATE_DIR, `pglite-${version}.tar.gz`);

/** The template's file for the installed PGlite, or null when there is none. */
export async function pgliteTemplatePath(): Promise<string | null> {
  const file = pgliteTemplateFile(await installedPgliteVersion());
  return existsSync(file) ? file : null;
}

let template: Promise<Uint8Array | null> | undefined;
/** The template's gzipped tarball for the installed PGlite, or null when there is none. */
export function readPgliteTemplate(): Promise<Uint8Array | null> {
  template ??= (async () => {
    const file = await pgliteTemplatePath();
    return file ? new Uint8Array(await readFile(file)) : null;
  })();
  return template;
}

/** A folder PostgreSQL has made already (PGlite's own test): it is opened, never loaded into. */
export const holdsDatabase = (dataDir: string | undefined): boolean =>
  dataDir !== undefined && existsSync(path.join(dataDir, 'PG_VERSION'));

/** The tarball's names start with "/" (PGlite's dump); tar writes them under the folder. */
const isVersionFile = (name: string) => name.replace(/^\/+/, '') === 'PG_VERSION';

/**
 * Writes the template's files into a new data folder, synced to the disk before PG_VERSION (which
 * says "a database is here") is written: a power cut cannot leave a folder that claims a database
 * whose files never reached the disk.
 */
export async function writeTemplateInto(dataDir: string, templateFile: string): Promise<void> {
  await extract({ file: templateFile, cwd: dataDir, filter: (name) => !isVersionFile(name) });
  await syncTree(dataDir);
  await extract({ file: templateFile, cwd: dataDir, filter: isVersionFile });
  await syncTree(dataDir, { only: 'PG_VERSION' });
}

/** fsync every file and folder under `dir` (or one file in it, and the folder). */
async function syncTree(dir: string, options: { only?: string } = {}): Promise<void> {
  const paths = options.only
    ? [path.join(dir, options.only)]
    : (await readdir(dir, { recursive: true })).map((name) => path.join(dir, name));
  await Promise.all([...paths, dir].map(syncFile));
}
