import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { customerTexts } from '../../lib/customer-texts.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** What an error page does besides showing itself: the tab's title, and the error in the console. */
export function useRouteErrorReport(where: string): void {
  const error = useRouteError();
  useDocumentTitle(customerTexts.error.title);
  useEffect(() => {
    console.warn(`Unexpected ${where} error`, error);
  }, [error, where]);
}

/** Any unexpected routing error: 'Oops!' / 'Sorry, an unexpected error has occurred.' (spec §2). */
export function ErrorPage() {
  useRouteErrorReport('routing');
  return (
    <main className="page page--center" id="error-page">
      <h1 className="page__title">{customerTexts.error.title}</h1>
      <p className="page__text">{customerTexts.error.body}</p>
      {/* A full reload, not a client-side link: the app state may be what broke. */}
      <a className="button button--primary" href="/">
        {customerTexts.error.home}
      </a>
    </main>
  );
}
