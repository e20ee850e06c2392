import { useEffect } from 'react';

export const SITE_NAME = 'Zevar';

/** Sets the tab title to '{title} | Zevar' while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
