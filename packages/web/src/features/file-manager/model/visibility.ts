import { isPublicMedia, type MediaFile, type MediaFilePatchBody } from '@vigil/domain';

/**
 * The PATCH that makes a private file public (anyone with the link) or a public one private again.
 * attrs are replaced whole by the service, so the file's other attrs go with it.
 */
export const visibilityChange = (file: Pick<MediaFile, 'attrs'>): MediaFilePatchBody => ({
  attrs: { ...file.attrs, is_public: !isPublicMedia(file.attrs) },
});
