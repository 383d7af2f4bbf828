import type { Language } from '../../../shared/languages.ts';
import en, { type TextJoinWords } from './texts/en.ts';
import es from './texts/es.ts';
import vi from './texts/vi.ts';
import zhHans from './texts/zh-Hans.ts';

/**
 * What a join by text answers, in each language (texts/<language>.ts; docs/text-messages.md,
 * "Join by text"): the conversation's, kept on it from its first text.
 */
export const TEXT_JOIN_WORDS: Record<Language, TextJoinWords> = { en, es, vi, 'zh-Hans': zhHans };

/** A conversation is forgotten this long after its last step, so it cannot catch later texts. */
export const CONVERSATION_MINUTES = 30;

/**
 * The commands' words, and the language each is a word of: the English ones (null) are every
 * customer's, as the posters and texts say them; another language's keyword answers in it. One
 * without diacritics for each that has them (a phone without the keyboard), none that is a
 * common reply or name (Vietnamese "roi", "huy").
 */
const COMMANDS: Record<'join' | 'status' | 'leave', Record<string, Language | null>> = {
  join: { JOIN: null, UNIRSE: 'es', FILA: 'es', THAMGIA: 'vi', 'THAM GIA': 'vi', 排队: 'zh-Hans' },
  status: { STATUS: null, ESTADO: 'es', VITRI: 'vi', 'VỊ TRÍ': 'vi', 'VI TRI': 'vi', 状态: 'zh-Hans' },
  leave: { LEAVE: null, SALIR: 'es', THOAT: 'vi', THOÁT: 'vi', 离开: 'zh-Hans' },
};

/** Each command's words, longest first, so "THAM GIA" is read before a shorter word it begins with. */
const COMMAND_WORDS = (['join', 'status', 'leave'] as const)
  .flatMap((kind) => Object.entries(COMMANDS[kind]).map(([word, language]) => ({ kind, word, language })))
  .sort((a, b) => b.word.length - a.word.length);

export type TextCommand = ({ kind: 'join'; code: string | null } | { kind: 'status' } | { kind: 'leave' }) & {
  /** The language of the word used; null for the English ones, which every customer may send. */
  language: Language | null;
};

/**
 * JOIN [code], STATUS or LEAVE, or another language's word for them (UNIRSE demo, 排队), in any
 * case, with trailing punctuation; anything else is null.
 */
export function textCommandOf(body: string): TextCommand | null {
  const text = body
    .trim()
    .replace(/[.!。！]+$/, '')
    .replace(/\s+/g, ' ');
  const upper = text.toUpperCase();
  for (const { kind, word, language } of COMMAND_WORDS) {
    if (upper !== word && !upper.startsWith(`${word} `)) continue;
    // An upper case of another length (rare: ß) leaves the code in upper case, which finds it too.
    const rest = (upper.length === text.length ? text : upper).slice(word.length).trim();
    if (rest === '') return kind === 'join' ? { kind, code: null, language } : { kind, language };
    if (kind === 'join' && !rest.includes(' ')) return { kind, code: rest, language };
    return null;
  }
  return null;
}
