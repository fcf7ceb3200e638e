import { useEffect, useState } from 'react';
import { uiApi } from '../../api/ui.ts';

/**
 * The site image as an object URL Leaflet can show: the image route needs the session's token,
 * which an <img> cannot send. The URL is revoked when the image changes or the map goes away.
 */
export function useSiteImage(url: string | undefined, version: string | undefined): string | null {
  const [loaded, setLoaded] = useState<{ key: string; objectUrl: string } | null>(null);
  const key = url ? `${url}#${version ?? ''}` : '';
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    uiApi
      .siteMapImage(url, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ key: `${url}#${version ?? ''}`, objectUrl });
      })
      // An unreadable image leaves the world background: the markers still show.
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, version]);
  return loaded && loaded.key === key ? loaded.objectUrl : null;
}
