import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(c|m)?(t|j)sx?$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** Bare specifiers of static, side-effect and dynamic imports (type-only ones too). */
function importedPackages(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/\bfrom\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
  return (
    specifiers
      // A package name, not a path, a built-in or words that merely follow "from" in a sentence.
      .filter((specifier) => /^[@a-z0-9][\w.@/-]*$/i.test(specifier))
      .map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      )
      .filter((name) => !builtinModules.includes(name))
  );
}

describe('package.json', () => {
  it('declares every package the code imports', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.devDependencies ?? {}),
    ]);
    const rootFiles = readdirSync(ROOT).filter((name) => SOURCE.test(name));
    const undeclared = [...sourceFiles('src'), ...sourceFiles('tests'), ...sourceFiles('bench'), ...rootFiles]
      .flatMap((file) =>
        importedPackages(readFileSync(path.join(ROOT, file), 'utf8')).map((name) => `${name} (${file})`),
      )
      .filter((use) => !declared.has(use.split(' ')[0]!));
    // Found only because another package happens to depend on it: a version bump there breaks us.
    expect(undeclared).toEqual([]);
  });

  it('installs only packages that support the oldest Node it promises (engines)', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } }>;
    };
    const oldestNode = semver.minVersion(manifest.engines.node)!.version;
    // npm only warns (EBADENGINE) and installs anyway: cookie 2 wants Node 22 (overrides in package.json).
    const unsupported = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(oldestNode, entry.engines.node))
      .map(([name, entry]) => `${name} (${entry.engines?.node})`);
    expect(unsupported).toEqual([]);
  });
});
