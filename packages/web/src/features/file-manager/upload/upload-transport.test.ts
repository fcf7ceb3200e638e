// @vitest-environment jsdom
import { MEDIA_MESSAGES, type MediaFile, type UploadUrl } from '@vigil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { sessionStore } from '../../../api/session-store.ts';
import { sendPart, uploadBytes, type PartAnswer, type SendPart } from './upload-transport.ts';

const FIELDS = { key: 'files/1', signature: 'abc' };

/** A media service that takes parts as the contract says: fields first, the offset it expects, the file last. */
class FakeServer {
  received = 0;
  posts: Array<{ names: string[]; offset: string | null; complete: string | null; bytes: string }> = [];
  refuse: PartAnswer | null = null;
  readonly size: number;
  constructor(size: number) {
    this.size = size;
  }

  uploadUrl = vi.fn(async (): Promise<UploadUrl> => ({
    url: '/upload/1',
    fields: FIELDS,
    received: this.received,
    expires_at: '',
  }));
  fileRecord = vi.fn(async () => ({ id: '1', is_uploaded: this.received === this.size }) as MediaFile);

  send: SendPart = async (_url, form, { signal, onProgress }) => {
    if (signal.aborted) throw new DOMException('stopped', 'AbortError');
    const file = form.get('file') as File;
    const bytes = await file.text();
    const offset = form.get('offset') as string | null;
    this.posts.push({ names: [...form.keys()], offset, complete: form.get('complete') as string | null, bytes });
    if (this.refuse) return this.refuse;
    if (Number(offset ?? 0) !== this.received) return { status: 409, statusText: 'Conflict', body: {} };
    onProgress(file.size + 100);
    this.received += file.size;
    if (form.get('complete') === 'false')
      return { status: 202, statusText: 'Accepted', body: { received: this.received } };
    return { status: 200, statusText: 'OK', body: { id: '1', is_uploaded: true, size: this.received } };
  };
}

const fileOf = (text: string) => new File([text], 'crest.png', { type: 'image/png' });

function upload(server: FakeServer, file: File, signal = new AbortController().signal) {
  const progress: number[] = [];
  const done = uploadBytes(file, {
    uploadUrl: server.uploadUrl,
    fileRecord: server.fileRecord,
    send: server.send,
    signal,
    onProgress: (sent, total) => progress.push(Math.round((sent / total) * 100)),
    partSize: 4,
  });
  return { done, progress };
}

describe('uploadBytes', () => {
  it('sends a file of one part as the fields and then the file, without offset', async () => {
    const server = new FakeServer(3);
    const { done } = upload(server, fileOf('abc'));
    await expect(done).resolves.toMatchObject({ is_uploaded: true, size: 3 });
    expect(server.posts).toEqual([{ names: ['key', 'signature', 'file'], offset: null, complete: null, bytes: 'abc' }]);
  });

  it('sends a larger file in parts: each says its offset, all but the last complete=false, the file last', async () => {
    const server = new FakeServer(10);
    const { done, progress } = upload(server, fileOf('0123456789'));
    await expect(done).resolves.toMatchObject({ is_uploaded: true, size: 10 });
    expect(server.posts).toEqual([
      { names: ['key', 'signature', 'offset', 'complete', 'file'], offset: '0', complete: 'false', bytes: '0123' },
      { names: ['key', 'signature', 'offset', 'complete', 'file'], offset: '4', complete: 'false', bytes: '4567' },
      { names: ['key', 'signature', 'offset', 'file'], offset: '8', complete: null, bytes: '89' },
    ]);
    // The form's own fields do not count as the file's bytes: 40 % after one part, not more.
    expect(progress).toEqual([0, 40, 40, 80, 80, 100]);
  });

  it('resumes from the bytes the server already has', async () => {
    const server = new FakeServer(10);
    server.received = 4;
    const { done, progress } = upload(server, fileOf('0123456789'));
    await done;
    expect(server.posts.map((p) => [p.offset, p.bytes])).toEqual([
      ['4', '4567'],
      ['8', '89'],
    ]);
    expect(progress[0]).toBe(40);
  });

  it('answers the record when every byte had arrived before a pause', async () => {
    const server = new FakeServer(10);
    server.received = 10;
    await expect(upload(server, fileOf('0123456789')).done).resolves.toMatchObject({ is_uploaded: true });
    expect(server.posts).toEqual([]);
  });

  it('answers the record when the service gives no upload URL because the file is complete', async () => {
    const server = new FakeServer(10);
    server.received = 10;
    server.uploadUrl.mockRejectedValueOnce(
      new ApiError('/u', 409, 'Conflict', { error_type: 'Conflict', message: 'x' }),
    );
    await expect(upload(server, fileOf('0123456789')).done).resolves.toMatchObject({ is_uploaded: true });
  });

  it('fails as the upload URL did when the file is not complete', async () => {
    const server = new FakeServer(10);
    server.uploadUrl.mockRejectedValueOnce(new ApiError('/u', 500, 'Server Error', undefined));
    await expect(upload(server, fileOf('0123456789')).done).rejects.toMatchObject({ status: 500 });
  });

  it('stops at once when aborted, sending nothing more', async () => {
    const server = new FakeServer(10);
    const controller = new AbortController();
    const send = server.send;
    server.send = async (url, form, options) => {
      const answer = await send(url, form, options);
      controller.abort();
      return answer;
    };
    const { done } = upload(server, fileOf('0123456789'), controller.signal);
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.posts).toHaveLength(1);
  });

  it('throws the server’s refusal with its status and message', async () => {
    const server = new FakeServer(10);
    server.refuse = {
      status: 413,
      statusText: 'Payload Too Large',
      body: { error_type: 'PayloadTooLarge', message: MEDIA_MESSAGES.tooLarge },
    };
    const error = await upload(server, fileOf('0123456789')).done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: MEDIA_MESSAGES.tooLarge });
  });

  it('asks for a new upload URL once when the old one has expired', async () => {
    const server = new FakeServer(10);
    const send = server.send;
    let expired = true;
    server.send = async (url, form, options) => {
      if (server.posts.length === 1 && expired) {
        expired = false;
        return {
          status: 403,
          statusText: 'Forbidden',
          body: { error_type: 'Forbidden', message: MEDIA_MESSAGES.uploadExpired },
        };
      }
      return send(url, form, options);
    };
    await upload(server, fileOf('0123456789')).done;
    expect(server.uploadUrl).toHaveBeenCalledTimes(2);
    expect(server.received).toBe(10);
  });
});

/** An XMLHttpRequest the test answers. */
class FakeXhr {
  static made: FakeXhr[] = [];
  headers: Record<string, string> = {};
  url = '';
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (event: { loaded: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.made.push(this);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {}
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('sendPart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXhr.made = [];
    sessionStore.set(null);
  });

  it('posts with the session token to Vigil, reports progress and answers the parsed body', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    sessionStore.set({ token: 'tok', userId: 'u', projectId: 'p' });
    const loaded: number[] = [];
    const answer = sendPart('/media/api/v1/uploads/1', new FormData(), {
      signal: new AbortController().signal,
      onProgress: (n) => loaded.push(n),
    });
    const xhr = FakeXhr.made[0]!;
    expect(xhr.headers.Authorization).toBe('Token tok');
    xhr.upload.onprogress?.({ loaded: 10 });
    xhr.answer(202, { received: 10 });
    await expect(answer).resolves.toEqual({ status: 202, statusText: '', body: { received: 10 } });
    expect(loaded).toEqual([10]);
  });

  it('never sends the token to another origin', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    sessionStore.set({ token: 'tok', userId: 'u', projectId: 'p' });
    void sendPart('https://bucket.example.com/upload', new FormData(), {
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    expect(FakeXhr.made[0]!.headers.Authorization).toBeUndefined();
  });

  it('aborts the request when its signal does', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const answer = sendPart('/u', new FormData(), { signal: controller.signal, onProgress: () => {} });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.made[0]!.aborted).toBe(true);
  });
});
