import type { Language } from '../../../shared/languages.ts';
import en, { type StatusNotificationWords } from './texts/en.ts';
import es from './texts/es.ts';
import vi from './texts/vi.ts';
import zhHans from './texts/zh-Hans.ts';

/** The Web Push a status change sends, in each language (texts/<language>.ts; docs/languages.md). */
export const STATUS_NOTIFICATION_WORDS: Record<Language, StatusNotificationWords> = {
  en,
  es,
  vi,
  'zh-Hans': zhHans,
};
