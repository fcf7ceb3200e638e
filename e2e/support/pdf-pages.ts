import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const pageText = (pdf: string, page: number) =>
  execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8' });

/**
 * Renders pages of a PDF to e2e/screenshots/<name>-page-<n>.png for people to look at (pdftoppm of
 * Debian's poppler-utils): the first page, and the first page whose text holds each of `containing`.
 * Answers the page numbers rendered.
 */
export function savePdfPages(bytes: Buffer, name: string, pageCount: number, containing: string[]): number[] {
  const work = mkdtempSync(join(tmpdir(), 'vigil-pdf-'));
  try {
    const pdf = join(work, 'report.pdf');
    writeFileSync(pdf, bytes);
    const pages = [1];
    for (const text of containing) {
      const page = Array.from({ length: pageCount }, (_, i) => i + 1).find((n) => pageText(pdf, n).includes(text));
      if (page === undefined) throw new Error(`No page of ${name} says "${text}"`);
      pages.push(page);
    }
    for (const page of new Set(pages)) {
      const prefix = join(work, `page-${page}`);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '80',
        '-singlefile',
        '-f',
        String(page),
        '-l',
        String(page),
        pdf,
        prefix,
      ]);
      copyFileSync(`${prefix}.png`, `e2e/screenshots/${name}-page-${page}.png`);
    }
    return [...new Set(pages)];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
