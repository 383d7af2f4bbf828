import { useEffect, useRef } from 'react';
import { formatChatTime, initials } from '../../../../shared/chat-format.ts';
import type { ChatMessage } from '../../../../shared/schemas.ts';

/**
 * Messages oldest first, the current user's on the right in blue (spec §2). Text is rendered as
 * React text nodes, never as HTML.
 */
export function MessageList({
  messages,
  isMine,
  timeZone,
  emptyText,
  nameOwnMessages = false,
}: {
  messages: readonly ChatMessage[];
  /** The customer's own messages, or for staff every message from the business side. */
  isMine: (message: ChatMessage) => boolean;
  timeZone: string;
  emptyText: string;
  /** Shows the author over the business's own messages too (the console: who on the team wrote). */
  nameOwnMessages?: boolean;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  const lastId = messages[messages.length - 1]?.id;
  useEffect(() => {
    if (lastId) endRef.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  if (messages.length === 0) return <p className="chat__empty">{emptyText}</p>;
  return (
    <ol className="chat__messages" aria-live="polite">
      {messages.map((message) => {
        const mine = isMine(message);
        const author = message.userName || message.name;
        return (
          <li key={message.id} className={`chat-message${mine ? ' chat-message--mine' : ''}`}>
            <span className="chat-message__avatar" aria-hidden="true">
              {initials(author)}
            </span>
            <div className="chat-message__body">
              {!mine || nameOwnMessages ? (
                <p className="chat-message__author" aria-hidden="true">
                  {author}
                </p>
              ) : null}
              <p className="chat-message__text">
                <span className="visually-hidden">{mine ? 'You' : author}: </span>
                {message.message}
              </p>
              <time
                className="chat-message__time"
                dateTime={new Date(message.createdAt * 1000).toISOString()}
              >
                {formatChatTime(message.createdAt, timeZone)}
              </time>
            </div>
          </li>
        );
      })}
      <div ref={endRef} />
    </ol>
  );
}
