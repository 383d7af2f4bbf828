/**
 * The API's messages a customer may read (errors.ts CUSTOMER_ERROR_CODES), in English: the code
 * table's own, the reference for the other languages' files.
 */
import { CUSTOMER_ERROR_CODES, type CustomerErrorCode, ERROR_CODES } from '../../errors.ts';

const errorWords = {
  codes: Object.fromEntries(CUSTOMER_ERROR_CODES.map((code) => [code, ERROR_CODES[code].message])) as Record<
    CustomerErrorCode,
    string
  >,
  invalidPhone: 'That is not a valid US phone number. Please check it.',
};

export type ErrorWords = typeof errorWords;

export default errorWords;
