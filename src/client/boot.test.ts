import { describe, expect, it } from 'vitest';
import { APP_SCRIPTS_ELEMENT_ID as SHARED_ID } from '../shared/page-rendering.ts';
import { APP_SCRIPTS_ELEMENT_ID } from './boot.ts';

describe('boot', () => {
  it('reads the element the server writes (its own copy: it imports nothing, to stay one small file)', () => {
    expect(APP_SCRIPTS_ELEMENT_ID).toBe(SHARED_ID);
  });
});
