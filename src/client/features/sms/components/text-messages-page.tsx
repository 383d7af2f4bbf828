import { useId, useState } from 'react';
import { formatPhoneForDisplay } from '../../../../shared/phone.ts';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { SaveState } from '../../../components/ui/save-state.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { formatIsoDateTime } from '../../../lib/formats.ts';
import { type TextMessage, useReplyAsCustomer, useTextMessages } from '../api/sms-api.ts';
import { TextAsNewNumber } from './text-as-new-number.tsx';

function ReplyBox({ phoneNumber }: { phoneNumber: string }) {
  const reply = useReplyAsCustomer();
  const [body, setBody] = useState('');
  const id = useId();
  return (
    <form
      className="sms-reply"
      onSubmit={(event) => {
        event.preventDefault();
        if (!body.trim()) return;
        reply.mutate({ phoneNumber, body }, { onSuccess: () => setBody('') });
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {consoleTexts.sms.replyAs}
      </label>
      <input
        id={id}
        className="input"
        placeholder={consoleTexts.sms.replyPlaceholder}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <button
        type="submit"
        className="button button--small button--primary"
        disabled={reply.isPending || !body.trim()}
      >
        {consoleTexts.sms.send}
      </button>
      <SaveState
        pending={false}
        success={reply.isSuccess}
        error={reply.isError ? consoleTexts.sms.failed : null}
        words={{ done: consoleTexts.sms.sent }}
      />
    </form>
  );
}

function TextRow({
  message,
  canReply,
  timeZone,
}: {
  message: TextMessage;
  canReply: boolean;
  timeZone: string;
}) {
  const [replying, setReplying] = useState(false);
  const outbound = message.direction === 'outbound';
  return (
    <li className={`sms-row sms-row--${message.direction}`} data-phone={message.phoneNumber}>
      <div className="sms-row__meta">
        <span>
          {outbound ? consoleTexts.sms.to : consoleTexts.sms.from}{' '}
          {formatPhoneForDisplay(message.phoneNumber)}
        </span>
        <span className={`status-pill status-pill--sms-${message.status}`}>
          {consoleTexts.sms.status[message.status] ?? message.status}
        </span>
        {/* The business's clock, as the chat shows it, whatever zone the browser is in. */}
        <time dateTime={message.createdAt}>{formatIsoDateTime(message.createdAt, timeZone)}</time>
      </div>
      <p className="sms-row__body">{message.body}</p>
      {message.lastError && message.status !== 'sent' ? (
        <p className="form-error">{message.lastError}</p>
      ) : null}
      {canReply && outbound ? (
        replying ? (
          <ReplyBox phoneNumber={message.phoneNumber} />
        ) : (
          <button type="button" className="text-button" onClick={() => setReplying(true)}>
            {consoleTexts.sms.replyAs}
          </button>
        )
      ) : null}
    </li>
  );
}

/** The console's "Text messages": every text of the business, newest first. */
export function TextMessagesPage({ timeZone }: { timeZone: string }) {
  const list = useTextMessages();
  if (list.isPending) return <PanelLoading />;
  if (list.isError) return <PanelLoadFailed />;
  const outbox = list.data.driver !== 'twilio';
  return (
    <section className="settings" aria-label={consoleTexts.sms.title}>
      <p className="notice">{outbox ? consoleTexts.sms.outboxNote : consoleTexts.sms.twilioNote}</p>
      {outbox ? <TextAsNewNumber /> : null}
      {list.data.messages.length === 0 ? <p className="board__empty">{consoleTexts.sms.empty}</p> : null}
      <ul className="sms-list">
        {list.data.messages.map((message) => (
          <TextRow key={message.id} message={message} canReply={outbox} timeZone={timeZone} />
        ))}
      </ul>
    </section>
  );
}
