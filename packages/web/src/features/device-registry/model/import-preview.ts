import type { RegisterError, RegisterImportAnswer, RegisterRowStatus } from '@vigil/domain';

/** One line of an import's preview: a data row, what the import does with it, and its errors. */
export interface PreviewLine {
  row: number;
  eid: string;
  /** null when the row has errors: it is neither new, changed nor unchanged until they are fixed */
  status: RegisterRowStatus | null;
  errors: RegisterError[];
}

/**
 * The preview of a dry run: every data row in file order with its status and errors, and the errors
 * of no data row (the file's own: empty, not a spreadsheet, a header missing) apart.
 */
export function previewLines(answer: RegisterImportAnswer): { lines: PreviewLine[]; fileErrors: RegisterError[] } {
  const byRow = new Map<number, PreviewLine>();
  for (const item of answer.row_statuses ?? []) byRow.set(item.row, { ...item, status: item.status, errors: [] });
  const fileErrors: RegisterError[] = [];
  for (const error of answer.errors) {
    if (error.row < 2) {
      fileErrors.push(error);
      continue;
    }
    const line = byRow.get(error.row) ?? { row: error.row, eid: '', status: null, errors: [] };
    line.errors.push(error);
    line.status = null;
    byRow.set(error.row, line);
  }
  return { lines: [...byRow.values()].sort((a, b) => a.row - b.row), fileErrors };
}
