import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordFingerprint, staleReason } from '../../scripts/build-if-stale.mjs';

/** A project in miniature: sources, config, and the outputs of a finished build. */
function makeProject(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'checkn-build-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('src/server/main.ts', 'console.log(1);\n');
  write('src/client/index.html', '<!doctype html>\n');
  write('vite.config.ts', 'export default {};\n');
  write('package.json', '{}\n');
  write('dist/server/main.js', 'console.log(1);\n');
  write('dist/client/index.html', '<!doctype html>\n');
  write('dist/ssr/entry-server.js', 'export const renderPage = null;\n');
  return root;
}

describe('npm start builds only when the sources changed', () => {
  let root: string;
  beforeEach(() => {
    root = makeProject();
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds a clone that was never built', () => {
    rmSync(path.join(root, 'dist'), { recursive: true });
    expect(staleReason(root)).toBe('dist/server/main.js is missing');
  });

  it('builds when there is no record of what the build was made from', () => {
    expect(staleReason(root)).toBe('no record of what the last build was made from');
  });

  it('starts at once when nothing changed since the build', () => {
    recordFingerprint(root);
    expect(staleReason(root)).toBeNull();
  });

  it('builds after a source file is edited', () => {
    recordFingerprint(root);
    writeFileSync(path.join(root, 'src/server/main.ts'), 'console.log(2);\n');
    expect(staleReason(root)).toBe('the sources changed since the last build');
  });

  it('builds after a file is touched with the same size (a checkout of another version)', () => {
    recordFingerprint(root);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'vite.config.ts'), later, later);
    expect(staleReason(root)).toBe('the sources changed since the last build');
  });

  it('builds after a source file is added or deleted', () => {
    recordFingerprint(root);
    writeFileSync(path.join(root, 'src/server/extra.ts'), '');
    expect(staleReason(root)).not.toBeNull();
    recordFingerprint(root);
    unlinkSync(path.join(root, 'src/server/extra.ts'));
    expect(staleReason(root)).not.toBeNull();
  });

  it('builds when half the build is gone', () => {
    recordFingerprint(root);
    unlinkSync(path.join(root, 'dist/client/index.html'));
    expect(staleReason(root)).toBe('dist/client/index.html is missing');
  });

  it("builds when the pages' renderer is missing (a build from before server rendering)", () => {
    recordFingerprint(root);
    unlinkSync(path.join(root, 'dist/ssr/entry-server.js'));
    expect(staleReason(root)).toBe('dist/ssr/entry-server.js is missing');
  });

  it('ignores what is not a build input', () => {
    recordFingerprint(root);
    writeFileSync(path.join(root, 'README.md'), 'changed\n');
    mkdirSync(path.join(root, 'data'));
    writeFileSync(path.join(root, 'data', 'db'), 'rows');
    expect(staleReason(root)).toBeNull();
  });
});
