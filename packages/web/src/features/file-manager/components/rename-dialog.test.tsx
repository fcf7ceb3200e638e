// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MEDIA_MESSAGES } from '@vigil/domain';
import i18next from 'i18next';
import { SnackbarHost } from '../../../components/snackbars/snackbar-host.tsx';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fileManager from '../../../../public/locales/en-US/fileManager.json';
import { ApiError } from '../../../api/api-error.ts';
import { mediaApi } from '../../../api/media.ts';
import { SessionContext, type Session } from '../../../session/session-context.ts';
import { mediaFile } from '../../../components/media/test-support/media-file.ts';
import { RenameDialog } from './rename-dialog.tsx';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { fileManager } },
    interpolation: { escapeValue: false },
  }),
);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const crest = mediaFile({ id: 'f1', original_filename: 'crest.png', label: 'Crest' });
const plan = mediaFile({ id: 'f2', original_filename: 'site-plan.png', label: 'Site plan' });

function renderDialog() {
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext.Provider value={{ project: { id: 'p1' } } as Session}>
          <>
            <RenameDialog file={crest} files={[crest, plan]} onClose={onClose} />
            <SnackbarHost />
          </>
        </SessionContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { onClose };
}

function rename(to: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: to } });
  fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
}

describe('the rename dialog', () => {
  it('refuses another file’s label or file name without calling the service', () => {
    const patch = vi.spyOn(mediaApi, 'patch');
    renderDialog();
    rename(' Site plan ');
    expect(screen.getByText('File name already exists in system')).toBeTruthy();
    rename('site-plan.png');
    expect(screen.getByText('File name already exists in system')).toBeTruthy();
    expect(patch).not.toHaveBeenCalled();
  });

  it('says the same when the service answers 409', async () => {
    vi.spyOn(mediaApi, 'patch').mockRejectedValue(
      new ApiError('/x', 409, 'Conflict', { error_type: 'Conflict', message: MEDIA_MESSAGES.duplicateName }),
    );
    const { onClose } = renderDialog();
    rename('Crest north');
    expect(await screen.findByText('File name already exists in system')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says Failed to add the file. with the server’s words on another refusal', async () => {
    vi.spyOn(mediaApi, 'patch').mockRejectedValue(
      new ApiError('/x', 400, 'Bad Request', { error_type: 'ValidationError', message: 'Too long' }),
    );
    renderDialog();
    rename('Crest north');
    expect(await screen.findByText('Failed to add the file. Too long')).toBeTruthy();
  });

  it('saves the trimmed name and closes', async () => {
    const patch = vi.spyOn(mediaApi, 'patch').mockResolvedValue({ ...crest, label: 'Crest north' });
    const { onClose } = renderDialog();
    rename('  Crest north ');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patch).toHaveBeenCalledWith('f1', { label: 'Crest north' });
  });
});
