import { CHAT_VISIBLE_MESSAGES } from './constants.ts';
import { INTL_LOCALES } from './intl-locales.ts';
import type { Language } from './languages.ts';
import type { ChatMessage } from './schemas.ts';

/**
 * Chat timestamps as the spec shows them: "M/d/yy, h:mm am/pm" (spec §2, §9), in the business's
 * time zone so the customer and the front desk read the same time (required: left out, the
 * browser's own zone crept into the console twice). In another language, that language's own
 * short date and time ("3/10/24, 4:30 p.m.", "16:30 3/10/24", "2024/10/3 16:30").
 */
export function formatChatTime(epochSeconds: number, timeZone: string, language: Language = 'en'): string {
  if (language !== 'en') return localShortDateTime(epochSeconds * 1000, timeZone, language);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: '2-digit',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(epochSeconds * 1000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}

/** The same, for a time the API sends as an ISO string (a visit, a text, a link's expiry). */
export function formatIsoTime(iso: string, timeZone: string, language: Language = 'en'): string {
  return formatChatTime(Date.parse(iso) / 1000, timeZone, language);
}

/**
 * The chat page is rendered on the server and hydrated in the browser, whose ICU may put a
 * no-break space (U+00A0, U+202F) where the server's has a plain one: either way a plain space,
 * so both write the same text.
 */
function localShortDateTime(instant: number, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { timeZone, dateStyle: 'short', timeStyle: 'short' })
    .format(instant)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** Up to two initials for the avatar: "Ann Lee" → "AL", "maria" → "M". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => Array.from(word)[0]!.toUpperCase()).join('') || '?';
}

/** Adds a message once (live events and the send reply can both bring it), in createdAt order, keeping the latest ten (spec §7). */
export function withMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((m) => m.id === message.id)) return [...messages];
  return [...messages, message].sort((a, b) => a.createdAt - b.createdAt).slice(-CHAT_VISIBLE_MESSAGES);
}
