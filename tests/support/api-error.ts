import { expect } from 'vitest';
import { type ApiError, apiErrorSchema } from '../../src/shared/schemas.ts';

/** Asserts an error answer: its status and code (the body shown on failure); returns the error. */
export function expectApiError(
  response: { statusCode: number; json(): unknown },
  status: number,
  code: string,
): ApiError['error'] {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  const { error } = apiErrorSchema.parse(response.json());
  expect(error.code).toBe(code);
  return error;
}
