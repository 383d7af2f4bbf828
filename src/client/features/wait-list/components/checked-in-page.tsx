import { Link, useParams, useSearchParams } from 'react-router';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { MessagePage } from '../../../components/ui/message-page.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { texts } from '../../../lib/texts.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useWaitEntry } from '../api/get-wait-entry.ts';

/** /{companyId}/checked-in?waitId=… (spec §2). */
export function CheckedInPage() {
  const companyId = useParams().companyId ?? '';
  const waitId = useSearchParams()[0].get('waitId');
  const entry = useWaitEntry(companyId, waitId);
  useDocumentTitle(texts.checkedIn.title);

  const backToBusiness = (
    <Link className="button button--primary" to={paths.landing.getHref(companyId)}>
      {texts.checkedIn.backToBusiness}
    </Link>
  );

  if (!waitId) {
    return (
      <MessagePage title={texts.checkedIn.notFoundTitle} body={texts.checkedIn.notFoundBody}>
        {backToBusiness}
      </MessagePage>
    );
  }
  if (entry.isPending) return <FullPageSpinner />;
  if (entry.isError) {
    const missing = entry.error instanceof ApiRequestError && [400, 404].includes(entry.error.status);
    return missing ? (
      <MessagePage title={texts.checkedIn.notFoundTitle} body={texts.checkedIn.notFoundBody}>
        {backToBusiness}
      </MessagePage>
    ) : (
      <MessagePage title={texts.landing.loadFailedTitle} body={texts.landing.loadFailedBody}>
        <button type="button" className="button button--primary" onClick={() => void entry.refetch()}>
          {texts.landing.retry}
        </button>
      </MessagePage>
    );
  }

  const { history, serviceType, companyName } = entry.data;
  // Until the business assigns someone, the request went to the business itself.
  const provider = history.providerName ?? companyName;
  return (
    <main className="page page--center">
      <span className="success-badge">
        <CheckIcon size={40} />
      </span>
      <h1 className="page__title">{texts.checkedIn.title}</h1>
      <p className="page__text page__text--strong">{texts.checkedIn.sentTo(provider, serviceType)}</p>
      <p className="page__text">{texts.checkedIn.textSent}</p>
    </main>
  );
}
