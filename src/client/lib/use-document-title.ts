import { createContext, useContext, useEffect } from 'react';
import { texts } from './texts.ts';

/** What a page rendered on the server puts in its `<head>` (entry-server.tsx reads it after rendering). */
export interface ServerHead {
  title: string;
}

/** Only the server provides one: effects do not run there, so the title is handed over in render. */
export const ServerHeadContext = createContext<ServerHead | null>(null);

export function documentTitle(title: string | null | undefined): string {
  return title ? `${title} · CheckN` : texts.appName;
}

/** DESIGN: a page title per route. */
export function useDocumentTitle(title: string | null | undefined): void {
  const serverHead = useContext(ServerHeadContext);
  if (serverHead) serverHead.title = documentTitle(title);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
