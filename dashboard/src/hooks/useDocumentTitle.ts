import { useEffect } from 'react';

const SUFFIX = 'Docent';

/** Sets the tab title for the current screen (screen readers announce it on navigation). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · ${SUFFIX}`;
  }, [title]);
}
