/**
 * `npm start` builds only when the sources changed since the last build (docs/decisions/0007):
 * a fingerprint of every build input's path, size and modification time is kept beside the build
 * in dist/.build-fingerprint. Plain JavaScript so it runs before anything is compiled.
 *
 *   node scripts/build-if-stale.mjs           build when stale, else nothing
 *   node scripts/build-if-stale.mjs --stamp   record the current inputs (end of `npm run build`)
 *
 * `npm start` runs it through scripts/start.mjs, in the server's own process.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `vite build` and `tsc -p tsconfig.server.json` read; folders are walked. */
export const BUILD_INPUTS = [
  'src',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.json',
  'tsconfig.server.json',
  'package.json',
  'package-lock.json',
];
export const FINGERPRINT_FILE = path.join('dist', '.build-fingerprint');
/** What the server needs from a build: the server, the browser's app, the pages' renderer (0008). */
const BUILD_OUTPUTS = [
  path.join('dist', 'server', 'main.js'),
  path.join('dist', 'client', 'index.html'),
  path.join('dist', 'ssr', 'entry-server.js'),
];

function listFiles(root, relative, files) {
  const absolute = path.join(root, relative);
  let stat;
  try {
    stat = statSync(absolute);
  } catch {
    return; // an optional input (no lock file yet) changes the fingerprint by its absence
  }
  if (stat.isDirectory()) {
    for (const entry of readdirSync(absolute).sort()) listFiles(root, path.join(relative, entry), files);
  } else {
    files.push(`${relative.split(path.sep).join('/')}\t${stat.size}\t${Math.trunc(stat.mtimeMs)}`);
  }
}

/** A hash of every input's path, size and mtime: an edit, a new or a deleted file changes it. */
export function fingerprintInputs(root) {
  const files = [];
  for (const input of BUILD_INPUTS) listFiles(root, input, files);
  return createHash('sha256').update(files.join('\n')).digest('hex');
}

/** Why a build is needed, or null when dist/ was built from exactly these inputs. */
export function staleReason(root) {
  for (const output of BUILD_OUTPUTS) {
    if (!existsSync(path.join(root, output))) return `${output} is missing`;
  }
  let recorded;
  try {
    recorded = readFileSync(path.join(root, FINGERPRINT_FILE), 'utf8').trim();
  } catch {
    return 'no record of what the last build was made from';
  }
  return recorded === fingerprintInputs(root) ? null : 'the sources changed since the last build';
}

export function recordFingerprint(root) {
  writeFileSync(path.join(root, FINGERPRINT_FILE), `${fingerprintInputs(root)}\n`);
}

/** Builds when dist/ is stale; returns the build's exit status (0 when there was nothing to do). */
export function buildIfStale(root) {
  const reason = staleReason(root);
  if (reason === null) return 0;
  console.log(`Building the app first: ${reason}.`);
  // `npm run build` ends by recording the fingerprint (package.json).
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  return build.status ?? 1;
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (process.argv.includes('--stamp')) {
    recordFingerprint(root);
    return 0;
  }
  return buildIfStale(root);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
