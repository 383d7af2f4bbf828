import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { BackIcon } from '../../../components/ui/icons.tsx';
import { LoadFailedPage, MessagePage } from '../../../components/ui/message-page.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { isMissingError } from '../../../lib/api-client.ts';
import { customerTexts } from '../../../lib/customer-texts.ts';
import { customerRealtime } from '../../../lib/realtime.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { chatThreadQueryKey, useCustomerChatThread } from '../api/get-chat-thread.ts';
import { toSendMessageRequest, useSendMessage } from '../api/send-message.ts';
import { useLiveThread } from '../api/use-live-thread.ts';
import { MessageComposer, sendErrorText } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';

/** /{companyId}/chat?id={waitHistoryId}: the customer's conversation with the provider (spec §2). */
export function ChatPage() {
  const companyId = useParams().companyId ?? '';
  const waitId = useSearchParams()[0].get('id');
  const thread = useCustomerChatThread(companyId, waitId);
  const send = useSendMessage();
  const key = chatThreadQueryKey(companyId, waitId ?? '');
  useDocumentTitle(
    thread.data
      ? thread.data.providerName
      : !waitId || (thread.isError && isMissingError(thread.error))
        ? customerTexts.chat.notFoundTitle
        : customerTexts.chat.title,
  );

  const { addMessage } = useLiveThread(customerRealtime(), key, thread.data);

  const notFound = (
    <MessagePage title={customerTexts.chat.notFoundTitle} body={customerTexts.chat.notFoundBody}>
      <Link className="button button--primary" to={paths.landing.getHref(companyId)}>
        {customerTexts.checkedIn.backToBusiness}
      </Link>
    </MessagePage>
  );
  if (!waitId) return notFound;
  if (thread.isPending) return <FullPageSpinner />;
  if (thread.isError) {
    return isMissingError(thread.error) ? notFound : <LoadFailedPage onRetry={() => void thread.refetch()} />;
  }

  const data = thread.data;
  const sendError = send.isPaused ? customerTexts.chat.waitingForConnection : sendErrorText(send.error);

  return (
    <main className="chat">
      <header className="chat__header">
        <Link
          className="icon-button"
          to={paths.checkedIn.getHref(companyId, data.waitId)}
          aria-label={customerTexts.chat.back}
        >
          <BackIcon />
        </Link>
        <h1 className="chat__title">{data.providerName}</h1>
      </header>
      <div className="chat__scroll">
        <MessageList
          messages={data.messages}
          isMine={(message) => message.userId === data.customerId}
          timeZone={data.timeZone}
          emptyText={customerTexts.chat.empty}
        />
      </div>
      <MessageComposer
        sending={send.isPending}
        error={sendError}
        onSend={async (message) => {
          const stored = await send.mutateAsync(toSendMessageRequest(data, 'customer', message));
          addMessage(stored);
        }}
      />
    </main>
  );
}
