import { createContext, useContext, useEffect } from 'react';
import { landingTexts } from './landing-texts.ts';

/** What a page rendered on the server puts in its `<head>` (entry-server.tsx reads it after rendering). */
export interface ServerHead {
  title: string;
  /** The page's own meta description; null keeps index.html's. */
  description: string | null;
}

/** Only the server provides one: effects do not run there, so the title is handed over in render. */
export const ServerHeadContext = createContext<ServerHead | null>(null);

export function documentTitle(title: string | null | undefined): string {
  return title ? `${title} · CheckN` : landingTexts.appName;
}

/** DESIGN: a page title per route. */
export function useDocumentTitle(title: string | null | undefined): void {
  const serverHead = useContext(ServerHeadContext);
  if (serverHead) serverHead.title = documentTitle(title);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** The page's meta description: what a search result or a shared link says about it. */
export function useDocumentDescription(description: string): void {
  const serverHead = useContext(ServerHeadContext);
  if (serverHead) serverHead.description = description;
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}
