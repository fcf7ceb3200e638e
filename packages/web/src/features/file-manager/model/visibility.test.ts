import { describe, expect, it } from 'vitest';
import { mediaFile } from '../../../components/media/test-support/media-file.ts';
import { visibilityChange } from './visibility.ts';

describe('changing who may read a file', () => {
  it('turns a private file public and a public one private, keeping its other attrs', () => {
    const drawn = { drawType: 'plan', fileSrc: 'plan.png' };
    expect(visibilityChange(mediaFile({ id: 'a', attrs: { ...drawn, is_public: false } }))).toEqual({
      attrs: { ...drawn, is_public: true },
    });
    expect(visibilityChange(mediaFile({ id: 'b', attrs: { ...drawn, is_public: true } }))).toEqual({
      attrs: { ...drawn, is_public: false },
    });
  });
});
