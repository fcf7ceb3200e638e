// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { SnackbarHost } from '../snackbars/snackbar-host.tsx';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import dialogs from '../../../public/locales/en-US/dialogs.json';
import { ExportDialog } from './export-dialog.tsx';
import type { ExportSettings } from './export-settings.ts';

const i18n = i18next.createInstance();

const settings: ExportSettings = {
  title: 'Export readings',
  subtitle: 'Cerro Azul TSF',
  fileName: 'readings',
  data: [
    {
      name: 'Levels',
      rows: [
        ['Instrument', 'Level (m)'],
        ['PZ-01', 101.25],
        ['PZ-02', 99.5],
      ],
    },
    { name: 'Instruments', rows: [['Name'], ['PZ-01']] },
  ],
};

function renderDialog(overrides: Partial<ExportSettings> = {}) {
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <>
        <ExportDialog open settings={{ ...settings, ...overrides }} onClose={onClose} />
        <SnackbarHost />
      </>
    </I18nextProvider>,
  );
  return { onClose };
}

/** The file the dialog hands to the browser: its name and its contents. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let blob: Blob | undefined;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:x'), revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blob! });
  });
  return files;
}

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { dialogs } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('export dialog', () => {
  it('preselects xlsx and proposes the given name plus the current ISO timestamp', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Export readings' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Excel workbook/ }).checked).toBe(true);
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: /File name/ }).value;
    expect(name).toMatch(/^readings-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z$/);
    expect(screen.getByText('Sheets: 2 · Rows: 3')).toBeTruthy();
  });

  it('offers only the given file types, the first one selected', () => {
    renderDialog({ fileTypes: ['html', 'csv'] });
    expect(screen.queryByRole('radio', { name: /Excel workbook/ })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Web page/ }).checked).toBe(true);
  });

  it('says that csv holds the first sheet only, and downloads it with the extension appended', async () => {
    const files = captureDownloads();
    const { onClose } = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: /CSV/ }));
    expect(screen.getByText('This format holds a single sheet: only “Levels” is exported.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /File name/ }), { target: { value: 'levels' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(files.map((f) => f.name)).toEqual(['levels.csv']);
    const bytes = new Uint8Array(await files[0]!.blob.arrayBuffer());
    // A UTF-8 byte order mark first, so that Excel reads names such as "Copiapó" right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Instrument,Level (m)\r\nPZ-01,101.25\r\nPZ-02,99.5\r\n');
  });

  it('refuses a blank file name', () => {
    renderDialog();
    fireEvent.change(screen.getByRole('textbox', { name: /File name/ }), { target: { value: '  ' } });
    expect(screen.getByText('Enter a file name')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export' }).disabled).toBe(true);
  });
});
