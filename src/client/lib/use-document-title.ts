import { useEffect } from 'react';
import { texts } from './texts.ts';

/** DESIGN: a page title per route. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · CheckN` : texts.appName;
  }, [title]);
}
