import { isCompletePhone } from '../../../shared/phone.ts';

export type FieldProblem = {
  field: 'name' | 'phoneNumber' | 'serviceType' | 'form';
  /** Null: the field turns red with no message on screen (spec §5). */
  message: string | null;
};

/**
 * Spec §5, in its order: both empty gives the form's message; a phone that is not 10 digits
 * flags the phone field with no message; otherwise the confirmation may open (null).
 */
export function checkNameAndPhone(
  name: string,
  phoneDigits: string,
  missingBothMessage: string,
): FieldProblem | null {
  if (!name.trim() && phoneDigits.length === 0) return { field: 'form', message: missingBothMessage };
  if (!isCompletePhone(phoneDigits)) return { field: 'phoneNumber', message: null };
  return null;
}
