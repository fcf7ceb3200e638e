import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import fileManager from '../../../../public/locales/pt-BR/fileManager.json';
import english from '../../../../public/locales/en-US/fileManager.json';
import { serverText, uploadErrorText } from './media-text.ts';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({
    lng: 'en-US',
    resources: { 'en-US': { fileManager: english }, 'pt-BR': { fileManager } },
    interpolation: { escapeValue: false },
  }),
);
const tIn = (lng: string) => i18n.getFixedT(lng, 'fileManager');

describe('media texts', () => {
  it('writes a failure as the spec’s text with its values', () => {
    expect(uploadErrorText(tIn('en-US'), { message: 'duplicateUpload' })).toBe('File already exists in system');
    expect(uploadErrorText(tIn('en-US'), { message: 'taskCheckFailed', values: { uri: '/t/1' } })).toBe(
      'Failed to check task with uri /t/1',
    );
  });

  it('adds the server’s words, translated when they are a shared text', () => {
    const error = { message: 'uploadFailed', detail: 'The file’s contents are not of its declared type' } as const;
    expect(uploadErrorText(tIn('en-US'), error)).toBe(
      'Failed to upload the file: The file’s contents are not of its declared type',
    );
    expect(uploadErrorText(tIn('pt-BR'), error)).toBe(
      'Falha ao enviar o arquivo: O conteúdo do arquivo não corresponde ao tipo declarado',
    );
    expect(uploadErrorText(tIn('en-US'), { message: 'uploadFailed', detail: 'Disk full' })).toBe(
      'Failed to upload the file: Disk full',
    );
  });

  it('adds the words as a sentence after a text that ends one', () => {
    expect(uploadErrorText(tIn('en-US'), { message: 'addFailed', detail: 'Too long' })).toBe(
      'Failed to add the file. Too long',
    );
  });

  it('does not repeat the server’s words when they say the same', () => {
    expect(
      uploadErrorText(tIn('en-US'), { message: 'conflictOnAdd', detail: 'File aready exists in the system' }),
    ).toBe('File aready exists in the system');
    expect(serverText(tIn('en-US'), undefined)).toBeUndefined();
  });
});
