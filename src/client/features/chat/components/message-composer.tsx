import { useId, useState } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../../shared/schemas.ts';
import { SendIcon } from '../../../components/ui/icons.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { useTypedBeforeHydration } from '../../../lib/hydration.ts';

/** What a failed send says: the server's reason for a refused message, else that it was kept. */
export function sendErrorText(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 401
    ? error.message
    : customerTexts.chat.failed;
}

/**
 * "Write a message" with a send icon that appears only when there is something to send (spec §2).
 * The text is cleared only once the message is stored, so a failed send loses nothing.
 */
export function MessageComposer({
  onSend,
  sending,
  error,
}: {
  onSend: (message: string) => Promise<unknown>;
  sending: boolean;
  error: string | null;
}) {
  const [text, setText] = useState('');
  // The chat page comes rendered by the server: what was written before the scripts ran is kept.
  const field = useTypedBeforeHydration<HTMLTextAreaElement>(text, setText);
  const inputId = useId();
  const tooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;
  const canSend = text.trim().length > 0 && !tooLong && !sending;

  const send = async () => {
    if (!canSend) return;
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // The error is shown by the parent; the text stays for another try.
    }
  };

  return (
    <form
      className="chat__composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        {customerTexts.chat.placeholder}
      </label>
      <textarea
        ref={field}
        id={inputId}
        className="input chat__input"
        rows={1}
        placeholder={customerTexts.chat.placeholder}
        value={text}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${inputId}-status`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void send();
          }
        }}
      />
      {text.trim().length > 0 ? (
        <button
          type="submit"
          className="icon-button chat__send"
          aria-label={customerTexts.chat.send}
          disabled={!canSend}
        >
          <SendIcon />
        </button>
      ) : null}
      <p id={`${inputId}-status`} className="chat__status" aria-live="polite">
        {tooLong ? customerTexts.chat.tooLong(CHAT_MESSAGE_MAX_LENGTH) : (error ?? '')}
      </p>
    </form>
  );
}
