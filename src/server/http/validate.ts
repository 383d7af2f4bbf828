import { firstIssue, type z } from '../../shared/schemas.ts';
import { AppError } from '../errors.ts';

/** Parses request input with its shared schema; the first problem becomes a 400 naming the field. */
export function parseInput<Schema extends z.ZodMiniType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) {
    const nulAt = findNulCharacter(result.data);
    // PostgreSQL text cannot hold U+0000: refuse it here rather than fail in the database.
    if (nulAt !== null)
      throw new AppError('VALIDATION_FAILED', {
        field: nulAt || undefined,
        message: 'That text has a character we cannot store.',
      });
    return result.data as z.infer<Schema>;
  }
  const { field, message } = firstIssue(result.error);
  if (!field) throw new AppError('BAD_REQUEST', { message: 'The request body must be a JSON object.' });
  throw new AppError('VALIDATION_FAILED', { field, message });
}

/** The path of the first string holding U+0000, or null. */
function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, path ? `${path}.${index}` : String(index));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNulCharacter(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}
