import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/faults/**/*.test.ts'],
    setupFiles: [
      'tests/support/fail-on-console-error.ts',
      'tests/support/fail-on-unhandled-rejection.ts',
      'tests/support/english-texts.ts',
    ],
    pool: 'forks',
    // PGlite starts in a few seconds on a busy 2-core machine; this is a hang guard, not a speed limit.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
