import { MEDIA_MESSAGES, type MediaFile, type MediaTask } from '@vigil/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { mediaFile } from '../../../components/media/test-support/media-file.ts';
import { UploadJob, type UploadJobDeps } from './upload-job.ts';
import type { QueueAction } from './upload-queue.ts';
import type { SendPart } from './upload-transport.ts';

const conflict = (message: string) => new ApiError('/x', 409, 'Conflict', { error_type: 'Conflict', message });
const THUMBNAILS = [
  { name: 'small', width: 120, height: 80, file: { id: 's', public_url: '/s' } },
  { name: '@2x', width: 200, height: 133, file: { id: 'd', public_url: '/d' } },
];

/** A media service in memory with a clock that moves only when the job sleeps. */
function fakeService(options: { tasks?: MediaTask['status'][]; processedAfter?: number } = {}) {
  let clock = 0;
  let received = 0;
  let reads = 0;
  let uploaded = false;
  const record = mediaFile({ id: 'f1', original_filename: 'crest.png', public_url: null, is_uploaded: false });
  const tasks = [...(options.tasks ?? ['PENDING', 'SUCCESS'])];
  const api = {
    create: vi.fn(async () => record),
    uploadUrl: vi.fn(async () => ({ url: '/upload/f1', fields: { key: 'f1' }, received, expires_at: '' })),
    get: vi.fn(async () => {
      reads += 1;
      const processed = reads >= (options.processedAfter ?? 0);
      return { ...record, is_uploaded: uploaded, public_url: processed ? '/media/f1' : null, thumbnails: THUMBNAILS };
    }),
    remove: vi.fn(async () => undefined),
    process: vi.fn(async () => ({
      ...record,
      is_uploaded: true,
      public_url: options.processedAfter ? null : '/media/f1',
    })),
    createThumbnailType: vi.fn(async () => ({
      id: 'tt1',
      name: '',
      auto_process: false,
      dimensions: [],
      created_at: '',
    })),
    patch: vi.fn(async () => record),
    processThumbnails: vi.fn(async () => ({ check_uri: '/media/api/v1/tasks/k1' })),
    checkTask: vi.fn(async () => ({ id: 'k1', status: tasks.shift() ?? 'PENDING', error: null }) as MediaTask),
    deleteThumbnailType: vi.fn(async () => undefined),
  };
  const send: SendPart = async (_url, form, { onProgress }) => {
    const part = form.get('file') as File;
    received += part.size;
    onProgress(part.size);
    uploaded = form.get('complete') !== 'false';
    return form.get('complete') === 'false'
      ? { status: 202, statusText: '', body: { received } }
      : { status: 200, statusText: '', body: { ...record, is_uploaded: true, size: received } };
  };
  const sleep = vi.fn(async (ms: number) => {
    clock += ms;
  });
  const deps: UploadJobDeps = { api, send, sleep, now: () => clock, existing: () => [], partSize: 4 };
  return { api, deps, received: () => received, record };
}

function startJob(
  deps: UploadJobDeps,
  options: { name?: string; text?: string; resize?: boolean; isPublic?: boolean } = {},
) {
  const actions: QueueAction[] = [];
  const name = options.name ?? 'crest.png';
  const file = new File([options.text ?? '0123456789'], name, { type: 'image/png' });
  const request = { id: 'q1', file, label: name, resize: options.resize ?? false, isPublic: options.isPublic ?? false };
  const job = new UploadJob(request, deps, (a) => actions.push(a));
  const steps = () => actions.filter((a) => a.type !== 'progress').map((a) => ('status' in a ? a.status : a.type));
  return { job, actions, steps, done: job.run() };
}

describe('an upload (requirements#monitoring-states)', () => {
  it('creates the record, sends the bytes, processes and completes', async () => {
    const { api, deps } = fakeService();
    const { done, steps, actions } = startJob(deps);
    await expect(done).resolves.toMatchObject({ id: 'f1', public_url: '/media/f1' });
    expect(api.create).toHaveBeenCalledWith({
      original_filename: 'crest.png',
      label: 'crest.png',
      mime_type: 'image/png',
      attrs: { is_public: false },
    });
    expect(steps()).toEqual(['uploading', 'processing', 'complete']);
    expect(actions.filter((a) => a.type === 'progress').map((a) => 'sent' in a && a.sent)).toContain(10);
    expect(api.createThumbnailType).not.toHaveBeenCalled();
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('makes the file public (anyone with the link) only when the uploader chose so', async () => {
    const { api, deps } = fakeService();
    await startJob(deps, { isPublic: true }).done;
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ attrs: { is_public: true } }));
  });

  it('resizes an image when asked: the type, attached, processed, polled, and the file read again', async () => {
    const { api, deps } = fakeService({ tasks: ['PENDING', 'STARTED', 'SUCCESS'] });
    const { done, steps } = startJob(deps, { resize: true });
    const file = (await done) as MediaFile;
    expect(steps()).toEqual(['uploading', 'processing', 'resizing', 'complete']);
    expect(api.createThumbnailType).toHaveBeenCalledWith({
      name: 'crest.png-Auto-2x1x',
      auto_process: false,
      dimensions: [
        { name: '@2x', width: 200, height: 133 },
        { name: '@1x', width: 100, height: 67 },
        { name: 'small', width: 120, height: 120 },
        { name: 'medium', width: 240, height: 240 },
      ],
    });
    expect(api.patch).toHaveBeenCalledWith('f1', { thumbnail_type: 'tt1' });
    expect(api.checkTask).toHaveBeenCalledTimes(3);
    expect(deps.sleep).toHaveBeenCalledWith(200, expect.anything());
    expect(file.thumbnails.map((t) => t.name)).toContain('@2x');
  });

  it('refuses a name the library has without creating anything', async () => {
    const { api, deps } = fakeService();
    deps.existing = () => [{ id: 'x', label: 'Crest', original_filename: 'crest.png' }];
    const { done, actions } = startJob(deps);
    await expect(done).resolves.toBeNull();
    expect(api.create).not.toHaveBeenCalled();
    expect(actions.at(-1)).toEqual({ type: 'failed', id: 'q1', error: { message: 'duplicateUpload' } });
  });

  it('refuses a file above 10485760 bytes before creating it', async () => {
    const { api, deps } = fakeService();
    const { done, actions } = startJob(deps, { text: 'x'.repeat(10_485_761) });
    await done;
    expect(api.create).not.toHaveBeenCalled();
    expect(actions.at(-1)).toMatchObject({ error: { message: 'uploadFailed', detail: MEDIA_MESSAGES.tooLarge } });
  });

  it('reads a conflict on add as a duplicate', async () => {
    const { api, deps } = fakeService();
    api.create.mockRejectedValueOnce(conflict(MEDIA_MESSAGES.conflictOnAdd));
    const { done, actions } = startJob(deps);
    await done;
    expect(actions.at(-1)).toEqual({ type: 'failed', id: 'q1', error: { message: 'conflictOnAdd' } });
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('says Failed to add the file. when the record cannot be made', async () => {
    const { api, deps } = fakeService();
    api.create.mockRejectedValueOnce(new TypeError('offline'));
    const { done, actions } = startJob(deps);
    await done;
    expect(actions.at(-1)).toEqual({ type: 'failed', id: 'q1', error: { message: 'addFailed' } });
  });

  it('removes the record and shows the server’s words when the bytes are refused', async () => {
    const { api, deps } = fakeService();
    deps.send = async () => ({
      status: 400,
      statusText: 'Bad Request',
      body: { error_type: 'ValidationError', message: MEDIA_MESSAGES.typeMismatch },
    });
    const { done, actions } = startJob(deps);
    await done;
    expect(actions.at(-1)).toMatchObject({
      type: 'failed',
      error: { message: 'uploadFailed', detail: MEDIA_MESSAGES.typeMismatch },
    });
    expect(api.remove).toHaveBeenCalledWith('f1');
  });

  it('says Failed to retrieve the upload URL when it cannot be had, and removes the record', async () => {
    const { api, deps } = fakeService();
    api.uploadUrl.mockRejectedValueOnce(new ApiError('/x', 500, 'Server Error', undefined));
    const { done, actions } = startJob(deps);
    await done;
    expect(actions.at(-1)).toMatchObject({ type: 'failed', error: { message: 'uploadUrlFailed' } });
    expect(api.remove).toHaveBeenCalledWith('f1');
  });

  it('polls the file until public_url appears', async () => {
    const { api, deps } = fakeService({ processedAfter: 3 });
    const { done, steps } = startJob(deps);
    await expect(done).resolves.toMatchObject({ public_url: '/media/f1' });
    expect(api.get).toHaveBeenCalledTimes(3);
    expect(deps.sleep).toHaveBeenCalledWith(500, expect.anything());
    expect(steps().at(-1)).toBe('complete');
  });

  it('stops polling when the service says the processing failed, and says so', async () => {
    const { api, deps } = fakeService({ processedAfter: 99 });
    api.get.mockResolvedValueOnce({ ...(await api.get()), public_url: null, processing_failed: true });
    api.get.mockClear();
    const { done, actions } = startJob(deps);
    await done;
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(actions.at(-1)).toMatchObject({
      type: 'failed',
      error: { message: 'processFailed', detail: MEDIA_MESSAGES.processingFailed },
    });
    expect(api.remove).toHaveBeenCalledWith('f1');
  });

  it('gives up after 10 tries: Failed to retrieve the processed file., the record removed', async () => {
    const { api, deps } = fakeService({ processedAfter: 99 });
    const { done, actions } = startJob(deps);
    await done;
    expect(api.get).toHaveBeenCalledTimes(10);
    expect(actions.at(-1)).toMatchObject({ type: 'failed', error: { message: 'processFailed' } });
    expect(api.remove).toHaveBeenCalledWith('f1');
  });

  it('times out the thumbnails after 20 s, deletes the thumbnail type and the record', async () => {
    const { api, deps } = fakeService({ tasks: [] });
    const { done, actions } = startJob(deps, { resize: true });
    await done;
    expect(actions.at(-1)).toMatchObject({ type: 'failed', error: { message: 'thumbnailTimeout' } });
    // Every 200 ms for 20 s: the first check at 0 and the last at 20 000.
    expect(api.checkTask).toHaveBeenCalledTimes(101);
    expect(api.deleteThumbnailType).toHaveBeenCalledWith('tt1');
    expect(api.remove).toHaveBeenCalledWith('f1');
  });

  it('deletes the thumbnail type when the task fails', async () => {
    const { api, deps } = fakeService({ tasks: ['STARTED', 'FAILURE'] });
    const { done, actions } = startJob(deps, { resize: true });
    await done;
    expect(actions.at(-1)).toMatchObject({
      error: { message: 'taskCheckFailed', values: { uri: '/media/api/v1/tasks/k1' } },
    });
    expect(api.deleteThumbnailType).toHaveBeenCalledWith('tt1');
  });

  it('does not resize a file that is not an image', async () => {
    const { api, deps } = fakeService();
    api.process.mockResolvedValueOnce({
      ...mediaFile({ id: 'f1', original_filename: 'r.pdf', mime_type: 'application/pdf', width: null, height: null }),
    });
    const { done, steps } = startJob(deps, { name: 'r.pdf', resize: true });
    await done;
    expect(steps()).toEqual(['uploading', 'processing', 'complete']);
    expect(api.createThumbnailType).not.toHaveBeenCalled();
  });
});

/** A send that hangs on the second part until its signal aborts, like a slow network. */
function stallingSend(deps: UploadJobDeps) {
  const send = deps.send;
  let calls = 0;
  let stalled: () => void = () => {};
  const reachedStall = new Promise<void>((resolve) => (stalled = resolve));
  const offsets: string[] = [];
  deps.send = (url, form, options) => {
    offsets.push(String(form.get('offset')));
    calls += 1;
    if (calls !== 2) return send(url, form, options);
    stalled();
    return new Promise((_, reject) =>
      options.signal.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
    );
  };
  return { reachedStall, offsets };
}

describe('pause, resume and cancel', () => {
  it('pause stops the part in flight; resume asks the server’s count and goes on from there', async () => {
    const { api, deps, received } = fakeService();
    const { reachedStall, offsets } = stallingSend(deps);
    const { job, done, steps } = startJob(deps);
    await reachedStall;
    job.pause();
    await vi.waitFor(() => expect(api.uploadUrl).toHaveBeenCalledTimes(1));
    expect(received()).toBe(4);
    job.resume();
    await expect(done).resolves.toMatchObject({ public_url: '/media/f1' });
    expect(api.uploadUrl).toHaveBeenCalledTimes(2);
    // The stalled part (offset 4) went again from the server's count, never from zero.
    expect(offsets).toEqual(['0', '4', '4', '8']);
    expect(steps()).toEqual(['uploading', 'paused', 'resumed', 'processing', 'complete']);
  });

  it('cancel while paused removes the record', async () => {
    const { api, deps } = fakeService();
    const { reachedStall } = stallingSend(deps);
    const { job, done, actions } = startJob(deps);
    await reachedStall;
    job.pause();
    job.cancel();
    await expect(done).resolves.toBeNull();
    expect(actions.at(-1)).toEqual({ type: 'cancelled', id: 'q1' });
    expect(api.remove).toHaveBeenCalledWith('f1');
  });

  it('cancel while sending stops the part and removes the record', async () => {
    const { api, deps } = fakeService();
    const { reachedStall } = stallingSend(deps);
    const { job, done, actions } = startJob(deps);
    await reachedStall;
    job.cancel();
    await done;
    expect(actions.at(-1)).toEqual({ type: 'cancelled', id: 'q1' });
    expect(api.remove).toHaveBeenCalledWith('f1');
  });

  it('cancel while processing removes the record', async () => {
    const { api, deps } = fakeService({ processedAfter: 99 });
    // The job is made below; the fake sleeps only once it runs, by then it exists.
    deps.sleep = async () => started.job.cancel();
    const started = startJob(deps);
    await started.done;
    expect(started.actions.at(-1)).toEqual({ type: 'cancelled', id: 'q1' });
    expect(api.remove).toHaveBeenCalledWith('f1');
  });
});
