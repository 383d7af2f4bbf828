import { afterEach, beforeEach, vi } from 'vitest';

// STYLE: a test fails on any console.error; an error that only logs is still a bug.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0)
    throw new Error(`console.error was called: ${errors.map((a) => a.join(' ')).join('\n')}`);
});
