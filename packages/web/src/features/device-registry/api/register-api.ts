import type { RegisterFormat, RegisterImportAnswer } from '@vigil/domain';
import { API, api } from '../../../api/client.ts';
import { downloadBlob } from '../../../components/export-dialog/download-blob.ts';

const REGISTER = `${API.registry}/register`;

/** The instrument register (requirements#site-contracts): import with a dry run first, export, and the template. */
export const registerApi = {
  /** Nothing is written when `dryRun`, or when any row has an error. */
  import: (file: File, dryRun: boolean) => {
    const form = new FormData();
    form.append('dry_run', String(dryRun));
    form.append('file', file, file.name);
    return api.post<RegisterImportAnswer>(`${REGISTER}/import`, form, { quiet: true });
  },
  /** Downloads the register (`export`) or an empty one with an example row (`template`). */
  download: async (what: 'export' | 'template', format: RegisterFormat, fileName: string) => {
    const blob = await api.get<Blob>(`${REGISTER}/${what}`, { query: { format }, as: 'blob', quiet: true });
    downloadBlob(blob, `${fileName}.${format}`);
  },
};
