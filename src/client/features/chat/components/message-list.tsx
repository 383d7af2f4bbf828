import { useEffect, useRef } from 'react';
import { initials } from '../../../../shared/chat-format.ts';
import type { ChatMessage } from '../../../../shared/schemas.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { formatMessageTime } from '../../../lib/formats.ts';

const authorOf = (message: ChatMessage) => message.userName || message.name;

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
  const last = messages[messages.length - 1];
  const lastId = last?.id;
  // The thread as it was when opened is not news; only what arrives afterwards is announced.
  const lastIdWhenOpened = useRef(lastId);
  useEffect(() => {
    if (lastId) endRef.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);
  const announcement =
    last && last.id !== lastIdWhenOpened.current && !isMine(last)
      ? customerTexts.chat.newMessage(authorOf(last), last.message)
      : '';

  return (
    <>
      {messages.length === 0 ? <p className="chat__empty">{emptyText}</p> : null}
      {messages.length > 0 ? (
        <MessageItems
          messages={messages}
          isMine={isMine}
          timeZone={timeZone}
          nameOwnMessages={nameOwnMessages}
        />
      ) : null}
      <div ref={endRef} />
      {/* A new message from the other side, politely: one's own sends and the history stay quiet. */}
      <p className="visually-hidden chat__announcer" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

function MessageItems({
  messages,
  isMine,
  timeZone,
  nameOwnMessages,
}: {
  messages: readonly ChatMessage[];
  isMine: (message: ChatMessage) => boolean;
  timeZone: string;
  nameOwnMessages: boolean;
}) {
  return (
    <ol className="chat__messages">
      {messages.map((message) => {
        const mine = isMine(message);
        const author = authorOf(message);
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
                <span className="visually-hidden">{mine ? customerTexts.chat.you : author}: </span>
                {message.message}
              </p>
              <time
                className="chat-message__time"
                dateTime={new Date(message.createdAt * 1000).toISOString()}
              >
                {formatMessageTime(message.createdAt, timeZone)}
              </time>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
