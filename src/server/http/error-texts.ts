import type { Language } from '../../shared/languages.ts';
import { AppError, CUSTOMER_ERROR_CODES, type CustomerErrorCode, type ErrorCode } from '../errors.ts';
import en, { type ErrorWords } from './texts/en.ts';
import es from './texts/es.ts';
import vi from './texts/vi.ts';
import zhHans from './texts/zh-Hans.ts';

/** The API's messages a customer may read, in each language (texts/<language>.ts; docs/languages.md). */
export const ERROR_WORDS: Record<Language, ErrorWords> = { en, es, vi, 'zh-Hans': zhHans };

const isCustomerCode = (code: ErrorCode): code is CustomerErrorCode =>
  (CUSTOMER_ERROR_CODES as readonly ErrorCode[]).includes(code);

/** A code's own message in `language`; the console's codes stay English. */
export function codeMessageIn(code: ErrorCode, language: Language): string | null {
  return isCustomerCode(code) ? ERROR_WORDS[language].codes[code] : null;
}

/**
 * What an error says to a reader of `language`: its own words in that language, else its code's;
 * a message given in one language only (a console one) as it is.
 */
export function errorMessageIn(error: AppError, language: Language): string {
  if (error.localized) return error.localized(language);
  if (error.ownMessage || language === 'en') return error.message;
  return codeMessageIn(error.code, language) ?? error.message;
}

/** "That is not a valid US phone number", in the reader's language. */
export const invalidPhoneError = (field: string) =>
  new AppError('VALIDATION_FAILED', { field, localized: (language) => ERROR_WORDS[language].invalidPhone });
