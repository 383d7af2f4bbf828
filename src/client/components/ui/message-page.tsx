import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** A centred page with a heading, a sentence and actions: not found, errors, empty states. */
export function MessagePage({
  title,
  body,
  icon,
  children,
}: {
  title: string;
  body: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main className="page page--center">
      {icon}
      <h1 className="page__title">{title}</h1>
      <p className="page__text">{body}</p>
      {children ? <div className="stack">{children}</div> : null}
    </main>
  );
}
