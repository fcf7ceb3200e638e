// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import fileManager from '../../../../public/locales/en-US/fileManager.json';
import { mediaFile } from '../../../components/media/test-support/media-file.ts';
import { FileBadges } from './file-badges.tsx';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { fileManager } },
    interpolation: { escapeValue: false },
  }),
);
afterEach(cleanup);

const renderBadges = (changes: Parameters<typeof mediaFile>[0]) =>
  render(
    <I18nextProvider i18n={i18n}>
      <FileBadges file={mediaFile(changes)} />
    </I18nextProvider>,
  );

describe("a file's badges", () => {
  it('say Public of a file anyone with the link may open, and nothing of a private one', () => {
    renderBadges({ id: 'a', attrs: { is_public: true } });
    expect(screen.getByText('Public')).toBeTruthy();
    cleanup();
    renderBadges({ id: 'b', attrs: { is_public: false } });
    expect(screen.queryByText('Public')).toBeNull();
  });

  it('say Processing failed of a file the service could not process, instead of waiting for it', () => {
    renderBadges({ id: 'c', public_url: null, processing_failed: true, attrs: { is_public: false } });
    expect(screen.getByText('Processing failed')).toBeTruthy();
  });
});
