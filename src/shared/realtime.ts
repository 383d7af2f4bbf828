/**
 * The realtime channel's contract: one WebSocket at /api/realtime, topics by name, and events
 * numbered per topic so a client that reconnects asks for "everything after N" and gets no gap and
 * no duplicate.
 */
import * as z from 'zod/mini';
import { chatMessageSchema, chatThreadSchema, requestStatusSchema, waitStatusSchema } from './schemas.ts';

export const REALTIME_PATH = '/api/realtime';

export const topics = {
  /** A business's live board (staff only). */
  board: (companyId: string) => `board:${companyId}`,
  /** "The line moved" at a business, without names: customers refetch their place. */
  line: (companyId: string) => `line:${companyId}`,
  /** One wait entry's status (its customer and the business's staff). */
  wait: (waitId: string) => `wait:${waitId}`,
  /** One chat thread, keyed "{providerId}-{userId}" (spec §3). */
  chat: (threadKey: string) => `chat:${threadKey}`,
} as const;

/**
 * Written on a topic when who may follow it changes (a chat's provider: migration 0017). The server
 * asks again who may follow the topic before sending it or anything after it; a subscriber no
 * longer allowed gets "unsubscribed" instead.
 */
export const ACCESS_CHANGED_EVENT = 'access.changed';

export type TopicKind = keyof typeof topics;

/**
 * The events each topic carries, `{ event, data }` as the server writes them (in SQL, beside the
 * change) and the client reads them. Test apps check every event they deliver against these
 * (realtime/hub.ts `checkEvent`); the board's events are in board-events.ts, apart from the
 * customer pages.
 */
const accessChanged = z.object({ event: z.literal(ACCESS_CHANGED_EVENT), data: z.object({}) });

/** One wait entry's page (topics.wait): the page reads itself again on any of them. */
export const waitEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('entry.status'),
    data: z.object({
      status: waitStatusSchema,
      providerName: z.nullable(z.string()),
      requestStatus: z.optional(z.nullable(requestStatusSchema)),
    }),
  }),
  /** "You're almost up" was sent (docs/near-turn.md). */
  z.object({ event: z.literal('entry.near_turn'), data: z.object({}) }),
  accessChanged,
]);

/** A business's line moved (topics.line): no names, the pages that show it read it again. */
export const lineEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('line.changed'), data: z.object({}) }),
  accessChanged,
]);

/** One chat thread (topics.chat): its messages, and who answers it. */
export const chatEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('message.created'), data: chatMessageSchema }),
  z.object({
    event: z.literal('thread.answerer'),
    data: z.object({
      providerName: chatThreadSchema.shape.providerName,
      answeredBy: chatThreadSchema.shape.answeredBy,
    }),
  }),
  accessChanged,
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

export function parseTopic(topic: string): { kind: TopicKind; id: string } | null {
  // Ids are company ids, uuids and "{uuid}-{uuid}" thread keys: letters, digits, '-' and '_'.
  const match = /^(board|line|wait|chat):([A-Za-z0-9_-]{1,200})$/.exec(topic);
  if (!match) return null;
  return { kind: match[1] as TopicKind, id: match[2]! };
}

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().check(z.maxLength(200)) }),
  /** A lobby screen: its business and the key of its link (docs/lobby-screen.md). */
  z.object({
    type: z.literal('screen'),
    companyId: z.string().check(z.maxLength(200)),
    key: z.string().check(z.maxLength(200)),
  }),
  z.object({
    type: z.literal('subscribe'),
    topic: z.string().check(z.maxLength(220)),
    /** Last seq the client has; null for "from now on". */
    after: z.nullable(z.number().check(z.int(), z.nonnegative())),
  }),
  z.object({ type: z.literal('unsubscribe'), topic: z.string().check(z.maxLength(220)) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type ServerMessage =
  | { type: 'ready'; principal: 'customer' | 'staff' | 'screen' | 'anonymous' }
  | { type: 'subscribed'; topic: string; seq: number }
  | { type: 'event'; topic: string; seq: number; event: string; data: unknown }
  /** The server no longer has the events after the client's seq: reload the state, then resubscribe. */
  | { type: 'reset'; topic: string; seq: number }
  /** This socket may no longer follow the topic (its access changed): nothing more of it comes. */
  | { type: 'unsubscribed'; topic: string; code: 'FORBIDDEN' }
  | { type: 'error'; topic?: string; code: string; message: string }
  | { type: 'pong' };
