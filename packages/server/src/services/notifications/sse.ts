/** One server-sent event (HTML Living Standard §9.2): `data` is JSON, so it never holds a line break. */
export function sseMessage(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by EventSource, it keeps proxies and load balancers from closing an idle stream. */
export const sseComment = (text: string): string => `: ${text}\n\n`;

/** The reconnection delay EventSource uses after a drop: the spec's first retry (requirements#monitoring-constants). */
export const sseRetry = (ms: number): string => `retry: ${ms}\n\n`;
