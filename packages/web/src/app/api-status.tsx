import { useEffect, useState } from 'react';

type Status = { state: 'checking' } | { state: 'online'; version: string } | { state: 'offline' };

/** A live badge from `/healthz`, so the page shows whether the API behind it answers. */
export function ApiStatus() {
  const [status, setStatus] = useState<Status>({ state: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    fetch('/healthz', { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { version?: string };
        setStatus({ state: 'online', version: body.version ?? '' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus({ state: 'offline' });
      });
    return () => controller.abort();
  }, []);

  const label =
    status.state === 'online'
      ? `API online${status.version ? ` · v${status.version}` : ''}`
      : status.state === 'offline'
        ? 'API unreachable'
        : 'Checking the API…';

  return (
    <p className={`api-status api-status--${status.state}`} role="status">
      <span className="api-status__dot" aria-hidden="true" />
      {label}
    </p>
  );
}
