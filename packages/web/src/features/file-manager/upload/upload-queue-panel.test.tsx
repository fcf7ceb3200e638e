// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fileManager from '../../../../public/locales/en-US/fileManager.json';
import { UploadQueuePanel } from './upload-queue-panel.tsx';
import type { QueueItem } from './upload-queue.ts';
import type { UploadQueue } from './use-upload-queue.ts';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { fileManager } },
    interpolation: { escapeValue: false },
  }),
);
afterEach(cleanup);

const item = (name: string, changes: Partial<QueueItem>): QueueItem => ({
  id: name,
  file: new File(['x'.repeat(1536)], name),
  label: name,
  resize: false,
  isPublic: false,
  status: 'queued',
  progress: 0,
  message: null,
  error: null,
  ...changes,
});

function renderPanel(items: QueueItem[]) {
  const queue: UploadQueue = {
    items,
    add: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
    cancel: vi.fn(),
    dismiss: vi.fn(),
    clearFinished: vi.fn(),
  };
  render(
    <I18nextProvider i18n={i18n}>
      <UploadQueuePanel queue={queue} />
    </I18nextProvider>,
  );
  return queue;
}

const row = (name: string) => within(screen.getByRole('listitem', { name }));

describe('the upload queue panel', () => {
  it('shows nothing while the queue is empty', () => {
    renderPanel([]);
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });

  it('shows each file with its size, progress and message, and the controls its state allows', () => {
    const queue = renderPanel([
      item('a.png', { status: 'uploading', message: 'uploading', progress: 45 }),
      item('b.png', { status: 'paused', message: 'uploading', progress: 30 }),
      item('c.png', { status: 'complete', message: 'complete', progress: 100, resize: true, isPublic: true }),
    ]);
    expect(screen.getByRole('region', { name: 'Uploads' }).textContent).toContain('1 of 3 finished');

    expect(row('a.png').getByRole('status').textContent).toBe('Uploading');
    const bar = row('a.png').getByRole('progressbar', { name: 'Upload progress of a.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(row('a.png').getByText('1.5 KB')).toBeTruthy();
    fireEvent.click(row('a.png').getByRole('button', { name: 'Pause upload of a.png' }));
    expect(queue.pause).toHaveBeenCalledWith('a.png');
    expect(row('a.png').queryByRole('button', { name: 'Resume upload of a.png' })).toBeNull();

    expect(row('b.png').getByRole('status').textContent).toBe('Paused');
    fireEvent.click(row('b.png').getByRole('button', { name: 'Resume upload of b.png' }));
    expect(queue.resume).toHaveBeenCalledWith('b.png');
    fireEvent.click(row('b.png').getByRole('button', { name: 'Cancel upload of b.png' }));
    expect(queue.cancel).toHaveBeenCalledWith('b.png');

    expect(row('c.png').getByRole('status').textContent).toBe('Complete!');
    expect(row('c.png').getByText('Resize')).toBeTruthy();
    expect(row('c.png').getByText('Public')).toBeTruthy();
    expect(row('a.png').queryByText('Public')).toBeNull();
    expect(row('c.png').queryByRole('button', { name: /Cancel|Pause/ })).toBeNull();
    fireEvent.click(row('c.png').getByRole('button', { name: 'Remove c.png from the list' }));
    expect(queue.dismiss).toHaveBeenCalledWith('c.png');
    fireEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(queue.clearFinished).toHaveBeenCalled();
  });

  it('says Failed with the reason in the spec’s words', () => {
    renderPanel([
      item('d.png', { status: 'failed', message: 'failed', error: { message: 'duplicateUpload' } }),
      item('e.png', {
        status: 'failed',
        message: 'failed',
        progress: 40,
        error: { message: 'uploadFailed', detail: 'The file is larger than 10485760 bytes' },
      }),
    ]);
    expect(row('d.png').getByRole('status').textContent).toBe('Failed · File already exists in system');
    expect(row('e.png').getByRole('status').textContent).toBe(
      'Failed · Failed to upload the file: The file is larger than 10485760 bytes',
    );
  });
});
