import { ApiRequestError } from '../../lib/api-client.ts';
import { customerTexts } from '../../lib/customer-texts.ts';
import type { FieldProblem } from './name-and-phone.ts';

/**
 * A refused join that names a field (an invalid number, a service no longer offered) goes back to
 * that field of the form, as the server said it; null when the confirm dialog should say it.
 */
export function fieldProblemFromJoinError(error: unknown): FieldProblem | null {
  if (!(error instanceof ApiRequestError) || !error.field) return null;
  const field = (['name', 'phoneNumber', 'serviceType'] as const).find((f) => f === error.field) ?? 'form';
  return { field, message: error.message };
}

/** What the confirm dialog says about a failed join (user-info page and kiosk). */
export function joinErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.isOffline) return customerTexts.confirm.offline;
  if (error instanceof ApiRequestError && error.status < 500) return error.message;
  return customerTexts.confirm.failed;
}
