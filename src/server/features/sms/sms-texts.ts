import type { Language } from '../../../shared/languages.ts';
import en, { type SmsWords } from './texts/en.ts';
import es from './texts/es.ts';
import vi from './texts/vi.ts';
import zhHans from './texts/zh-Hans.ts';

/**
 * What CheckN texts, in each language (texts/<language>.ts; docs/languages.md), with the
 * business's own wording when it set one for its own language. Placeholders: {business},
 * {service}, {name}, filled in that order by the statement that queues the text (the join's and
 * the call's: wait-list.repository.ts). Every text names the business: customers may be on
 * several lists.
 */
export const SMS_WORDS: Record<Language, SmsWords> = { en, es, vi, 'zh-Hans': zhHans };

export type SmsTextKind = Exclude<keyof SmsWords, 'replies'>;

const byLanguage = new Map<SmsTextKind, string>();

/**
 * A text in every language as a JSON object, for a statement that picks the customer's:
 * `$n::jsonb ->> coalesce(w.language, c.language)`.
 */
export function wordingByLanguage(kind: SmsTextKind): string {
  let json = byLanguage.get(kind);
  if (!json) {
    json = JSON.stringify(
      Object.fromEntries(Object.entries(SMS_WORDS).map(([language, words]) => [language, words[kind]])),
    );
    byLanguage.set(kind, json);
  }
  return json;
}

/**
 * A feedback text as the front desk may read it on the Text messages page: without the rating
 * link's token, which would open the customer's rating and comment, the owner's alone
 * (docs/feedback.md).
 */
export function withoutFeedbackToken(body: string): string {
  return body.replace(/#t=[A-Za-z0-9_-]+/, '#t=…');
}

/**
 * Carriers' opt-out and help keywords (CTIA; the ones Twilio recognises), and each language's own
 * (docs/text-messages.md): a Spanish speaker texts PARAR, and is answered in Spanish.
 */
const KEYWORDS: Record<'stop' | 'start' | 'help', Record<string, Language | null>> = {
  stop: {
    STOP: null,
    STOPALL: null,
    UNSUBSCRIBE: null,
    CANCEL: null,
    END: null,
    QUIT: null,
    OPTOUT: null,
    REVOKE: null,
    PARAR: 'es',
    ALTO: 'es',
    CANCELAR: 'es',
    DUNG: 'vi',
    DỪNG: 'vi',
    TD: 'zh-Hans',
    退订: 'zh-Hans',
  },
  start: { START: null, YES: null, UNSTOP: null, OPTIN: null, COMENZAR: 'es', BATDAU: 'vi', 'BẮT ĐẦU': 'vi' },
  help: { HELP: null, INFO: null, AYUDA: 'es', GIUP: 'vi', GIÚP: 'vi', 帮助: 'zh-Hans' },
};

export const STOP_WORDS = new Set(Object.keys(KEYWORDS.stop));
export const START_WORDS = new Set(Object.keys(KEYWORDS.start));
export const HELP_WORDS = new Set(Object.keys(KEYWORDS.help));

/** A staff chat message as a text: the business name first, long messages shortened. */
export function chatText(business: string, message: string): string {
  const text = `${business}: ${message}`;
  return text.length > 320 ? `${text.slice(0, 317)}...` : text;
}

/**
 * The keyword a text is, and the language it is a word of (null for the carriers' English ones,
 * which every customer may send): the answer is in that language, else the customer's.
 */
export function keywordOf(
  body: string,
): { kind: 'stop' | 'start' | 'help'; language: Language | null } | null {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[.!。！]+$/, '');
  for (const kind of ['stop', 'start', 'help'] as const) {
    const language = KEYWORDS[kind][word];
    if (language !== undefined) return { kind, language };
  }
  return null;
}
