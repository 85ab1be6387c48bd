import { useEffect, useState } from 'react';
import { loadClientConfig } from '../config/clientConfig';

/** The server's public origin (PUBLIC_URL), for snippets and links; the page origin until known. */
export function usePublicOrigin(): string {
  const [origin, setOrigin] = useState(() => window.location.origin);
  useEffect(() => {
    let live = true;
    loadClientConfig().then(
      (c) => live && c.publicUrl && setOrigin(c.publicUrl.replace(/\/+$/, '')),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return origin;
}
