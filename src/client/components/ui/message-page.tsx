import type { ReactNode } from 'react';
import { customerTexts } from '../../lib/customer-texts.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** A centred page with a heading, a sentence and actions: not found, errors, empty states. */
export function MessagePage({
  title,
  body,
  children,
}: {
  title: string;
  body: string;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main className="page page--center">
      <h1 className="page__title">{title}</h1>
      <p className="page__text">{body}</p>
      {children ? <div className="stack">{children}</div> : null}
    </main>
  );
}

/** A page whose data could not be loaded (network, server): says so, and offers to try again. */
export function LoadFailedPage({ onRetry, busy = false }: { onRetry: () => void; busy?: boolean }) {
  return (
    <MessagePage title={customerTexts.landing.loadFailedTitle} body={customerTexts.landing.loadFailedBody}>
      <button type="button" className="button button--primary" disabled={busy} onClick={onRetry}>
        {customerTexts.landing.retry}
      </button>
    </MessagePage>
  );
}
