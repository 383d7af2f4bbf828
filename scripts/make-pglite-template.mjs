/**
 * `npm run pglite-template`: writes pglite-template/pglite-<version>.tar.gz, an empty PostgreSQL
 * data folder made by the installed PGlite's initdb, and removes the templates of other versions.
 *
 * Why: PGlite makes a new folder by running initdb in a second PostgreSQL instance beside the
 * first; that first start peaked at 0.9–1.2 GB RSS, more than a 1 GB server has (issue 25 item 3).
 * Starting from this folder skips initdb (src/server/db/pglite-template.ts). Run it after
 * upgrading @electric-sql/pglite: a test fails until the template matches the installed version.
 * Plain JavaScript: it runs before anything is compiled.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = path.join(root, 'pglite-template');
const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
const { version } = JSON.parse(readFileSync(path.join(pgliteDist, '..', 'package.json'), 'utf8'));
const file = `pglite-${version}.tar.gz`;

const pg = new PGlite();
await pg.waitReady;
const dump = await pg.dumpDataDir('gzip');
await pg.close();

mkdirSync(folder, { recursive: true });
for (const old of readdirSync(folder))
  if (old.endsWith('.tar.gz') && old !== file) rmSync(path.join(folder, old));
writeFileSync(path.join(folder, file), Buffer.from(await dump.arrayBuffer()));
console.log(`wrote pglite-template/${file} (${(dump.size / 1024 / 1024).toFixed(1)} MB)`);
