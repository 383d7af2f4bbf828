import { useMutation, useQuery } from '@tanstack/react-query';
import type { ChatMessage, ChatThread } from '../../../../shared/schemas.ts';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { texts } from '../../../lib/texts.ts';
import { staffRealtime, staffRequest } from '../../staff/api/staff-api.ts';
import { toSendMessageRequest } from '../api/send-message.ts';
import { useLiveThread } from '../api/use-live-thread.ts';
import { MessageComposer, sendErrorText } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';

const staffThreadKey = (waitId: string) => ['staff-chat', waitId] as const;

/** The console's side of a conversation: beside the board on wide screens, over it on narrow. */
export function StaffChatPanel({ waitId, onClose }: { waitId: string; onClose: () => void }) {
  const key = staffThreadKey(waitId);
  const thread = useQuery({
    queryKey: key,
    queryFn: () => staffRequest<ChatThread>(`/v1/staff/chat/${encodeURIComponent(waitId)}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { addMessage } = useLiveThread(staffRealtime(), key, thread.data);
  const send = useMutation({
    mutationFn: (message: string) =>
      staffRequest<ChatMessage>('/v1/functions/sendMessage', {
        method: 'POST',
        body: toSendMessageRequest(thread.data!, 'staff', message),
      }),
    onSuccess: (stored) => addMessage(stored),
  });

  const sendError = sendErrorText(send.error);

  return (
    <aside className="chat chat--panel" aria-label={texts.console.chat}>
      <header className="chat__header">
        <h2 className="chat__title">{thread.data ? thread.data.customerName : texts.console.chat}</h2>
        <button type="button" className="icon-button" aria-label={texts.console.closeChat} onClick={onClose}>
          <CloseIcon />
        </button>
      </header>
      <div className="chat__scroll">
        {thread.isPending ? (
          <Spinner />
        ) : thread.isError ? (
          <p className="form-error">{texts.chat.notFoundTitle}</p>
        ) : (
          <MessageList
            messages={thread.data.messages}
            isMine={(message) => message.sender === 'staff'}
            timeZone={thread.data.timeZone}
            emptyText={texts.chat.empty}
          />
        )}
      </div>
      {thread.data ? (
        <MessageComposer
          sending={send.isPending}
          error={sendError}
          onSend={(message) => send.mutateAsync(message)}
        />
      ) : null}
    </aside>
  );
}
