import type { Language } from '../../../shared/languages.ts';
import en, { type IntakeWords } from './texts/en.ts';
import es from './texts/es.ts';
import vi from './texts/vi.ts';
import zhHans from './texts/zh-Hans.ts';

/**
 * Why a business takes no walk-in now, in each language (texts/<language>.ts; docs/languages.md):
 * the entry pages' title and details and the join's refusal, in the reader's language.
 */
export const INTAKE_WORDS: Record<Language, IntakeWords> = { en, es, vi, 'zh-Hans': zhHans };
