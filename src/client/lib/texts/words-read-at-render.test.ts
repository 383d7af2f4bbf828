import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The words are set after the modules load, and again when the reader picks another language
 * (docs/languages.md, "The catalogs"): a module that reads one when it loads (a constant, a
 * table of labels) would crash before the words are set, or keep the first language's. This
 * finds every read of `landingTexts`, `customerTexts` or `consoleTexts` outside a function.
 */
const CLIENT_DIR = path.resolve(import.meta.dirname, '../..');
const WORDS = new Set(['landingTexts', 'customerTexts', 'consoleTexts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function readsAtLoad(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // Inside a function the read happens when it runs, after the words are set.
    if (ts.isFunctionLike(node)) return;
    if (ts.isIdentifier(node) && WORDS.has(node.text) && !ts.isImportSpecifier(node.parent)) {
      const parent = node.parent;
      const isDeclaration = ts.isVariableDeclaration(parent) && parent.name === node;
      const isAssignment = ts.isBinaryExpression(parent) && parent.left === node;
      if (!isDeclaration && !isAssignment && !ts.isExportSpecifier(parent)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${path.relative(CLIENT_DIR, file)}:${line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the words of the page (docs/languages.md)', () => {
  it('are read as a page renders, never when a module loads', () => {
    const files = sourceFiles(CLIENT_DIR);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(readsAtLoad)).toEqual([]);
  });
});
