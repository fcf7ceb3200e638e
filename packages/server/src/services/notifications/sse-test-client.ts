import { READINGS_STREAM_TYPE } from '@vigil/domain';
/** One parsed block of a server-sent event stream; `comment` for `: …` lines. */
export interface SseBlock {
  id?: string;
  event?: string;
  data?: unknown;
  retry?: number;
  comment?: string;
}

/** A named event other than a readings summary: those come on ingest's own clock, and tests ask for them by name. */
export const isEvent = (block: SseBlock) => block.event !== undefined && block.event !== READINGS_STREAM_TYPE;

/** Splits written stream text into its blocks. */
export const parseSse = (text: string): SseBlock[] => text.split('\n\n').filter(Boolean).map(parseBlock);

function parseBlock(text: string): SseBlock {
  const block: SseBlock = {};
  for (const line of text.split('\n')) {
    const [, field, value] = /^([^:]*):? ?(.*)$/.exec(line)!;
    if (field === '') block.comment = value;
    else if (field === 'id') block.id = value;
    else if (field === 'event') block.event = value;
    else if (field === 'data') block.data = JSON.parse(value!);
    else if (field === 'retry') block.retry = Number(value);
  }
  return block;
}

/**
 * A stream read by a real HTTP client (fetch), parsed as EventSource would: for tests only.
 * `next()` consumes blocks in order, skipping those that do not match.
 */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const blocks: SseBlock[] = [];
  let position = 0;
  let ended = false;
  let wake = () => {};

  void (async () => {
    let buffer = '';
    try {
      for await (const chunk of response.body!.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          blocks.push(parseBlock(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        wake();
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
      wake();
    }
  })();

  async function next(match: (block: SseBlock) => boolean = isEvent, timeoutMs = 5_000): Promise<SseBlock> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (position < blocks.length) {
        const block = blocks[position++]!;
        if (match(block)) return block;
      }
      if (ended) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a stream message');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    response,
    next,
    /** the events received and not consumed yet */
    unread: () => blocks.slice(position).filter(isEvent),
    /** whether the server has ended the stream */
    ended: () => ended,
    close: () => controller.abort(),
  };
}
export type TestStream = Awaited<ReturnType<typeof openStream>>;
