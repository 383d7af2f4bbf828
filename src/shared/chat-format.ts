import { CHAT_VISIBLE_MESSAGES } from './constants.ts';
import type { ChatMessage } from './schemas.ts';

/**
 * Chat timestamps as the spec shows them: "M/d/yy, h:mm am/pm" (spec §2, §9), in the business's
 * time zone so the customer and the front desk read the same time (required: left out, the
 * browser's own zone crept into the console twice).
 */
export function formatChatTime(epochSeconds: number, timeZone: string): string {
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
export function formatIsoTime(iso: string, timeZone: string): string {
  return formatChatTime(Date.parse(iso) / 1000, timeZone);
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
