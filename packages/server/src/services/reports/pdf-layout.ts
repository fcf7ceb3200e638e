import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Locale } from '@vigil/domain';
import PDFDocument from 'pdfkit';

/**
 * The page furniture of a report's PDF (ADR 0051): A4, fonts, headings, tables that run over pages
 * with their header repeated, and the footers written once every page exists.
 */

export type Pdf = PDFKit.PDFDocument;

export const PAGE_MARGIN = 50;
export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const RULE = '#c9d1db';

const require = createRequire(import.meta.url);

/** A Noto family shipped as whole TTF files by its npm package (ADR 0051): regular and bold. */
function notoFamily(pkg: string, prefix: string) {
  const dir = dirname(require.resolve(`${pkg}/package.json`));
  return {
    body: join(dir, '400Regular', `${prefix}_400Regular.ttf`),
    bold: join(dir, '700Bold', `${prefix}_700Bold.ttf`),
  };
}

/**
 * The fonts of a report, by its language, embedded from packages so that no font of the machine is
 * needed: Noto Sans (Latin, Cyrillic, Greek) for most, Noto Sans JP for Japanese (its Latin too),
 * Noto Sans Thai for Thai (with Latin digits and letters; fontkit shapes its marks).
 */
const FAMILIES = {
  latin: () => notoFamily('@expo-google-fonts/noto-sans', 'NotoSans'),
  ja: () => notoFamily('@expo-google-fonts/noto-sans-jp', 'NotoSansJP'),
  th: () => notoFamily('@expo-google-fonts/noto-sans-thai', 'NotoSansThai'),
};

export const fontsFor = (language: Locale) =>
  language === 'ja' ? FAMILIES.ja() : language === 'th' ? FAMILIES.th() : FAMILIES.latin();

export function newPdf(info: { title: string; author: string; language: Locale }): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    lang: info.language,
    info: { Title: info.title, Author: info.author, Creator: 'Vigil' },
  });
  const fonts = fontsFor(info.language);
  doc.registerFont('body', fonts.body);
  doc.registerFont('bold', fonts.bold);
  doc.font('body').fontSize(10).fillColor(INK);
  return doc;
}

/** The PDF's bytes once it is ended. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomOf = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` still fits below the cursor. */
export function ensureRoom(doc: Pdf, height: number) {
  if (doc.y + height > bottomOf(doc)) doc.addPage();
}

export function heading(doc: Pdf, text: string, level: 1 | 2, colour: string) {
  ensureRoom(doc, level === 1 ? 60 : 40);
  doc.moveDown(level === 1 ? 0 : 0.6);
  doc
    .font('bold')
    .fontSize(level === 1 ? 18 : 12)
    .fillColor(level === 1 ? colour : INK);
  doc.text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  if (level === 1) {
    const y = doc.y + 2;
    doc
      .moveTo(doc.page.margins.left, y)
      .lineTo(doc.page.margins.left + contentWidth(doc), y)
      .lineWidth(1)
      .stroke(colour);
    doc.moveDown(0.6);
  } else doc.moveDown(0.3);
  doc.font('body').fontSize(10).fillColor(INK);
}

export function paragraph(doc: Pdf, text: string, options: { colour?: string; size?: number } = {}) {
  doc
    .font('body')
    .fontSize(options.size ?? 10)
    .fillColor(options.colour ?? INK);
  doc.text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.5);
  doc.fillColor(INK);
}

export interface Column {
  header: string;
  /** share of the width */
  weight: number;
  align?: 'left' | 'right';
}

const CELL_PAD = 3;
const TABLE_FONT = 8;

/** A table: rows of cell texts (a cell may carry its own colour), its header repeated on each page. */
export function table(
  doc: Pdf,
  columns: readonly Column[],
  rows: ReadonlyArray<ReadonlyArray<string | { text: string; colour: string }>>,
  headerFill: string,
) {
  const left = doc.page.margins.left;
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  const widths = columns.map((c) => (c.weight / total) * contentWidth(doc));
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const heightOf = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(TABLE_FONT);
    return (
      Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: widths[i]! - 2 * CELL_PAD }))) + 2 * CELL_PAD
    );
  };
  const drawRow = (
    cells: ReadonlyArray<string | { text: string; colour: string }>,
    font: string,
    fill: string | null,
    ink: string,
  ) => {
    const texts = cells.map((c) => (typeof c === 'string' ? c : c.text));
    const height = heightOf(texts, font);
    const y = doc.y;
    if (fill) doc.rect(left, y, contentWidth(doc), height).fill(fill);
    doc.font(font).fontSize(TABLE_FONT);
    cells.forEach((cell, i) => {
      doc.fillColor(typeof cell === 'string' ? ink : cell.colour);
      doc.text(texts[i]!, xs[i]! + CELL_PAD, y + CELL_PAD, {
        width: widths[i]! - 2 * CELL_PAD,
        align: columns[i]!.align ?? 'left',
        lineBreak: true,
      });
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + contentWidth(doc), y + height)
      .lineWidth(0.4)
      .stroke(RULE);
    doc.x = left;
    doc.y = y + height;
  };
  const header = columns.map((c) => c.header);
  const headerHeight = heightOf(header, 'bold');
  ensureRoom(doc, headerHeight * 2);
  drawRow(header, 'bold', headerFill, '#ffffff');
  for (const row of rows) {
    const height = heightOf(
      row.map((c) => (typeof c === 'string' ? c : c.text)),
      'body',
    );
    if (doc.y + height > bottomOf(doc)) {
      doc.addPage();
      drawRow(header, 'bold', headerFill, '#ffffff');
    }
    drawRow(row, 'body', null, INK);
  }
  doc.font('body').fontSize(10).fillColor(INK);
  doc.moveDown(0.8);
}

/** "Page n of total" at the foot of every page but the cover, with the report's name. */
export function footers(doc: Pdf, name: string, pageText: (n: number, total: number) => string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start + 1; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing in the bottom margin would start a new page: the margin is lifted while the footer is written.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PAGE_MARGIN / 2 - 6;
    doc.font('body').fontSize(8).fillColor(MUTED);
    doc.text(name, PAGE_MARGIN, y, { width: contentWidth(doc) / 2, lineBreak: false });
    doc.text(pageText(i + 1, count), PAGE_MARGIN, y, { width: contentWidth(doc), align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** A figure's caption (bold) and its note (muted) under it at `y`, then the text flow resumes below. */
export function figureCaption(doc: Pdf, left: number, y: number, caption: string, note: string) {
  doc
    .font('bold')
    .fontSize(8)
    .fillColor(INK)
    .text(caption, left, y, { width: contentWidth(doc) });
  doc
    .font('body')
    .fontSize(7)
    .fillColor(MUTED)
    .text(note, left, doc.y, { width: contentWidth(doc) });
  doc.fillColor(INK).fontSize(10);
  doc.x = left;
  doc.moveDown(1);
}
