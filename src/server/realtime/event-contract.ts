import { boardEventSchema } from '../../shared/board-events.ts';
import { chatEventSchema, lineEventSchema, parseTopic, waitEventSchema } from '../../shared/realtime.ts';
import type { RealtimeEvent } from './event-log.ts';

const SCHEMA_OF_TOPIC = {
  board: boardEventSchema,
  line: lineEventSchema,
  wait: waitEventSchema,
  chat: chatEventSchema,
} as const;

/**
 * What is wrong with an event its topic's clients would read (shared/realtime.ts,
 * shared/board-events.ts), or null when it is as they expect. Events are written in SQL beside
 * each change: test apps check each one they deliver, so a statement that drifts from the
 * contract fails the test that made it.
 */
export function eventOutsideContract(event: RealtimeEvent): string | null {
  const topic = parseTopic(event.topic);
  if (!topic) return `unknown topic ${event.topic}`;
  const result = SCHEMA_OF_TOPIC[topic.kind].safeParse({ event: event.type, data: event.data });
  return result.success ? null : JSON.stringify(result.error.issues.slice(0, 3));
}
