import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { expect } from './fixtures.ts';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules issue 14 asks to pass with no violation. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** One line per offending element: rule, impact, where, and axe's own words for what is wrong. */
function describe(violations: readonly Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `- ${violation.id} (${node.impact ?? violation.impact ?? 'unknown'}) at ${node.target.join(' ')}\n` +
          `    ${violation.help}\n` +
          `    ${(node.failureSummary ?? '').replaceAll('\n', '\n    ')}`,
      ),
    )
    .join('\n');
}

/**
 * Runs axe on the page as it is now and fails with a readable list of every violation.
 * `exclude` takes selectors of nodes that are false positives; each caller says why beside it.
 */
export async function expectNoAxeViolations(
  page: Page,
  { exclude = [] }: { exclude?: readonly string[] } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const where = `${await page.title()} (${page.url()})`;
  // Compared as text so a failure reads as the list itself, not as a diff of axe's objects; soft,
  // so one run reports every page of a test (the test still fails).
  expect.soft(describe(violations), `axe violations on ${where}`).toBe('');
}
