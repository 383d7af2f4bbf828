import { companyParamsSchema, firstIssue, type z } from '../../shared/schemas.ts';
import { AppError } from '../errors.ts';

/** Parses request input with its shared schema; the first problem becomes a 400 naming the field. */
export function parseInput<Schema extends z.ZodMiniType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data as z.infer<Schema>;
  const { field, message } = firstIssue(result.error);
  if (!field) throw new AppError('BAD_REQUEST', { message: 'The request body must be a JSON object.' });
  throw new AppError('VALIDATION_FAILED', { field, message });
}

/** A malformed company id cannot name a business: answer as for any unknown one. */
export function parseCompanyParams(params: unknown): { companyId: string } {
  const result = companyParamsSchema.safeParse(params);
  if (!result.success) throw new AppError('COMPANY_NOT_FOUND');
  return result.data;
}
