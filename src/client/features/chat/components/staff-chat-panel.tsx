import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { answersConversation } from '../../../../shared/chat-answerer.ts';
import { chatMessageSchema, chatThreadSchema } from '../../../../shared/schemas.ts';
import type { StaffMe } from '../../../../shared/staff-schemas.ts';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { noAnswer } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { staffRealtime, staffRequest } from '../../../lib/staff-api.ts';
import { toSendMessageRequest } from '../api/send-message.ts';
import { useLiveThread } from '../api/use-live-thread.ts';
import { MessageComposer, sendErrorText } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';

const staffThreadKey = (waitId: string) => ['staff-chat', waitId] as const;

/** The console's side of a conversation: beside the board on wide screens, over it on narrow. */
export function StaffChatPanel({
  waitId,
  me,
  onClose,
}: {
  waitId: string;
  me: StaffMe;
  onClose: () => void;
}) {
  const key = staffThreadKey(waitId);
  const queryClient = useQueryClient();
  const [asBusiness, setAsBusiness] = useState(false);
  const thread = useQuery({
    queryKey: key,
    queryFn: () => staffRequest(`/v1/staff/chat/${encodeURIComponent(waitId)}`, chatThreadSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { addMessage, revoked } = useLiveThread(staffRealtime(), key, thread.data);
  const send = useMutation({
    mutationFn: (message: string) =>
      staffRequest('/v1/functions/sendMessage', chatMessageSchema, {
        method: 'POST',
        body: {
          ...toSendMessageRequest(thread.data!, 'staff', message),
          ...(asBusiness ? { asBusiness } : {}),
        },
      }),
    onSuccess: (stored) => addMessage(stored),
  });
  const takeOver = useMutation({
    mutationFn: () =>
      staffRequest(`/v1/staff/chat/${encodeURIComponent(waitId)}/take-over`, chatThreadSchema, {
        method: 'POST',
      }),
    onSuccess: (taken) => {
      send.reset();
      queryClient.setQueryData(key, taken);
    },
  });

  // Open means read: the row's unread badge goes (on every console), now and as messages arrive.
  const latestFromCustomer = thread.data?.messages
    .filter((message) => message.sender === 'customer')
    .at(-1)?.id;
  useEffect(() => {
    if (!latestFromCustomer) return;
    void staffRequest(`/v1/staff/chat/${encodeURIComponent(waitId)}/read`, noAnswer, {
      method: 'POST',
    }).catch(() => {});
  }, [waitId, latestFromCustomer]);

  const sendError = sendErrorText(send.error ?? takeOver.error);
  // The customer went to another provider: nothing of the conversation stays on this screen.
  const data = revoked ? undefined : thread.data;
  const answers = data ? answersConversation(me, data.answeredBy) : false;

  return (
    <aside className="chat chat--panel" aria-label={consoleTexts.console.chat}>
      <header className="chat__header">
        <h2 className="chat__title">{data ? data.customerName : consoleTexts.console.chat}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={consoleTexts.console.closeChat}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </header>
      {data ? (
        <p className="chat-panel__answerer" role="status">
          {!data.answeredBy
            ? consoleTexts.console.answeredByDesk
            : answers
              ? consoleTexts.console.youAnswer
              : consoleTexts.console.answeredBy(data.answeredBy.name)}
          {data.answeredBy && !answers ? (
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={takeOver.isPending}
              onClick={() => takeOver.mutate()}
            >
              {consoleTexts.console.takeOver}
            </button>
          ) : null}
        </p>
      ) : null}
      <div className="chat__scroll">
        {revoked ? (
          <p className="chat__status" role="status">
            {consoleTexts.console.chatNoLongerYours}
          </p>
        ) : thread.isPending ? (
          <Spinner />
        ) : thread.isError ? (
          <p className="form-error">{consoleTexts.chat.notFoundTitle}</p>
        ) : (
          <MessageList
            messages={thread.data.messages}
            isMine={(message) => message.sender === 'staff'}
            timeZone={thread.data.timeZone}
            emptyText={consoleTexts.console.chatEmpty}
            nameOwnMessages
          />
        )}
      </div>
      {data && me.role === 'owner' ? (
        <label className="chat-panel__as-business">
          <input
            type="checkbox"
            checked={asBusiness}
            onChange={(event) => setAsBusiness(event.target.checked)}
          />
          {consoleTexts.console.postAsBusiness(me.companyName)}
        </label>
      ) : null}
      {data && answers ? (
        <MessageComposer
          sending={send.isPending}
          error={sendError}
          onSend={(message) => send.mutateAsync(message)}
        />
      ) : data ? (
        <p className="chat__status" role="status">
          {sendError ?? ''}
        </p>
      ) : null}
    </aside>
  );
}
