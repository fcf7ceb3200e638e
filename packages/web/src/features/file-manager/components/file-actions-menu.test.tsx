// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fileManager from '../../../../public/locales/en-US/fileManager.json';
import { mediaFile } from '../../../components/media/test-support/media-file.ts';
import { FileActionsMenu, type FileAction } from './file-actions-menu.tsx';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { fileManager } },
    interpolation: { escapeValue: false },
  }),
);
afterEach(cleanup);

const signed = '/media/api/v1/files/f1/content?expires=1800000000&signature=' + 'ab'.repeat(32);

const ALL: FileAction[] = ['rename', 'tags', 'visibility', 'delete'];

function openMenu(
  file = mediaFile({ id: 'f1', label: 'Crest', public_url: signed, attrs: { is_public: false } }),
  actions = ALL,
) {
  const onAction = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <FileActionsMenu file={file} actions={actions} onAction={onAction} />
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Actions for Crest' }));
  return onAction;
}

describe('the actions of a file', () => {
  it('open and download a private file by the URL the service signed, with no session token in it', () => {
    openMenu();
    for (const name of ['Open', 'Download']) {
      expect(screen.getByRole('menuitem', { name }).getAttribute('href')).toBe(signed);
    }
  });

  it('offer to make a private file public, and a public one private', () => {
    const onAction = openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Make public (anyone with the link)' }));
    expect(onAction).toHaveBeenCalledWith('visibility');
    cleanup();
    openMenu(mediaFile({ id: 'f1', label: 'Crest', attrs: { is_public: true } }));
    expect(screen.getByRole('menuitem', { name: 'Make private' })).toBeTruthy();
  });

  it('offer only the actions given: no tags or delete for a role the project does not give them', () => {
    openMenu(undefined, ['rename', 'visibility']);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Open',
      'Download',
      'Rename',
      'Make public (anyone with the link)',
    ]);
  });
});
