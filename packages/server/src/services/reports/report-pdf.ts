import type { Locale, ReportSectionKind } from '@vigil/domain';
import type { Wording } from '../../i18n/wording.ts';
import type { AlarmSection } from './alarm-section.ts';
import type { ChartData } from './chart-section.ts';
import type { CompletenessRow } from './completeness-section.ts';
import type { FieldRecords } from './field-records-section.ts';
import type { LastValueRow } from './last-values-section.ts';
import type { CrossSectionFigure } from './cross-section-section.ts';
import type { InclinometerProfile } from './inclinometer-section.ts';
import { drawChart } from './pdf-chart.ts';
import { crossSections, profiles, siteChangesTable } from './pdf-figure-sections.ts';
import { alarms, completenessTable, fieldRecords, lastValues, weather } from './pdf-section-tables.ts';
import { contentWidth, footers, heading, INK, MUTED, newPdf, paragraph, pdfBytes, type Pdf } from './pdf-layout.ts';
import { fill, REPORT_TEXTS, type ReportTexts } from './report-texts.ts';
import type { ReportTheme } from './report-theme.ts';
import type { SiteChanges } from './site-changes.ts';
import type { WeatherSection } from './weather-section.ts';

/** What a section shows, gathered before anything is drawn (so that a failure leaves no half file). */
export type SectionBody =
  | { kind: 'last_values'; rows: LastValueRow[]; changes: SiteChanges }
  | { kind: 'profiles'; profiles: InclinometerProfile[] }
  | { kind: 'cross_sections'; figures: CrossSectionFigure[] }
  | { kind: 'completeness'; rows: CompletenessRow[] }
  | { kind: 'alarms'; section: AlarmSection }
  | { kind: 'charts'; charts: ChartData[] }
  | { kind: 'field_records'; records: FieldRecords }
  | { kind: 'weather'; section: WeatherSection }
  | { kind: 'text'; text: string }
  | { kind: 'not_yet' };

export interface ReportContent {
  language: Locale;
  timezone: string;
  theme: ReportTheme;
  name: string;
  from: number;
  to: number;
  generatedAt: number;
  requestedBy: string;
  sections: Array<{ kind: ReportSectionKind; title: string; body: SectionBody }>;
}

/** The PDF of a report and its page count; states and alarms in `words`, the web app's. */
export async function renderReportPdf(
  content: ReportContent,
  words: Wording,
): Promise<{ bytes: Buffer; pages: number }> {
  const texts = REPORT_TEXTS[content.language];
  const dateTime = new Intl.DateTimeFormat(content.language, {
    timeZone: content.timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const date = new Intl.DateTimeFormat(content.language, { timeZone: content.timezone, dateStyle: 'medium' });
  // A short period's axis shows hours, a longer one's days.
  const axisTime = new Intl.DateTimeFormat(
    content.language,
    content.to - content.from <= 2 * 86_400_000
      ? { timeZone: content.timezone, hour: '2-digit', minute: '2-digit' }
      : { timeZone: content.timezone, month: 'short', day: 'numeric' },
  );
  const number = new Intl.NumberFormat(content.language, { maximumFractionDigits: 3 });
  const fmt = {
    time: (iso: string | number | null) => (iso === null ? '—' : dateTime.format(new Date(iso))),
    date: (iso: string | number) => date.format(new Date(iso)),
    number: (v: number | null) => (v === null ? '—' : number.format(v)),
    state: (value: unknown) => words.state(content.language, value),
    alarmSource: (source: string) => words.alarmSource(content.language, source),
    alarmLevel: (level: string) => words.alarmLevel(content.language, level),
  };
  const doc = newPdf({
    title: `${content.name} · ${content.theme.projectName}`,
    author: content.requestedBy,
    language: content.language,
  });
  const period = `${date.format(content.from)} – ${date.format(content.to - 1)}`;

  cover(doc, content, texts, period, fmt.time(content.generatedAt));
  doc.addPage(); // the contents, written once the sections' pages are known
  const contentsPage = doc.bufferedPageRange().count - 1;
  const starts: number[] = [];
  let figure = 0;
  for (const section of content.sections) {
    doc.addPage();
    starts.push(doc.bufferedPageRange().count);
    doc.outline.addItem(section.title);
    heading(doc, section.title, 1, content.theme.primary);
    const body = section.body;
    if (body.kind === 'text') paragraph(doc, body.text);
    else if (body.kind === 'not_yet') paragraph(doc, texts.notYet, { colour: MUTED });
    else if (body.kind === 'last_values') {
      siteChangesTable(doc, body.changes, texts, fmt, content.theme.primary);
      lastValues(doc, body.rows, texts, fmt, content.theme.primary);
    } else if (body.kind === 'profiles') profiles(doc, body.profiles, texts, fmt, content, () => ++figure);
    else if (body.kind === 'cross_sections') crossSections(doc, body.figures, texts, () => ++figure);
    else if (body.kind === 'completeness') completenessTable(doc, body.rows, texts, fmt, content.theme.primary);
    else if (body.kind === 'alarms') alarms(doc, body.section, texts, fmt, content.theme.primary);
    else if (body.kind === 'field_records') fieldRecords(doc, body.records, texts, fmt, content.theme.primary);
    else if (body.kind === 'weather') weather(doc, body.section, texts, fmt, content.theme.primary);
    else
      for (const chart of body.charts) {
        figure++;
        const caption = fill(texts.figure, {
          n: figure,
          title: chart.unit ? `${chart.title} (${chart.unit})` : chart.title,
        });
        drawChart(doc, chart, {
          from: content.from,
          to: content.to,
          caption,
          note: texts.chartNote,
          noData: texts.noData,
          formatTime: (t) => axisTime.format(t),
        });
      }
  }

  doc.switchToPage(contentsPage);
  doc.x = doc.page.margins.left;
  doc.y = doc.page.margins.top;
  heading(doc, texts.contents, 1, content.theme.primary);
  content.sections.forEach((section, i) => {
    const y = doc.y;
    doc.font('body').fontSize(11).fillColor(INK);
    doc.text(`${i + 1}. ${section.title}`, doc.page.margins.left, y, {
      width: contentWidth(doc) - 40,
      lineBreak: false,
    });
    doc.text(String(starts[i]), doc.page.margins.left, y, {
      width: contentWidth(doc),
      align: 'right',
      lineBreak: false,
    });
    doc.y = y + 18;
  });
  footers(doc, `${content.name} · ${period}`, (n, total) => fill(texts.page, { n, total }));
  const pages = doc.bufferedPageRange().count;
  return { bytes: await pdfBytes(doc), pages };
}

function cover(doc: Pdf, content: ReportContent, texts: ReportTexts, period: string, generated: string) {
  const { width } = doc.page;
  const left = doc.page.margins.left;
  doc.rect(0, 0, width, 230).fill(content.theme.primary);
  doc.rect(0, 230, width, 8).fill(content.theme.secondary);
  if (content.theme.logo) {
    doc.roundedRect(left - 10, 40, 190, 80, 6).fill('#ffffff');
    doc.image(content.theme.logo, left, 48, { fit: [170, 64] });
  }
  doc
    .font('bold')
    .fontSize(26)
    .fillColor('#ffffff')
    .text(texts.title, left, 150, { width: contentWidth(doc) });
  doc
    .font('body')
    .fontSize(14)
    .fillColor('#ffffff')
    .text(content.theme.projectName, left, doc.y + 4, { width: contentWidth(doc) });
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(20)
    .text(content.name, left, 290, { width: contentWidth(doc) });
  doc.moveDown(1.5);
  for (const [label, value] of [
    [texts.period, period],
    [texts.generated, generated],
    [texts.requestedBy, content.requestedBy],
  ] as const) {
    const y = doc.y;
    doc.font('bold').fontSize(11).fillColor(MUTED).text(label, left, y, { width: 140 });
    doc
      .font('body')
      .fontSize(11)
      .fillColor(INK)
      .text(value, left + 150, y, { width: contentWidth(doc) - 150 });
    doc.moveDown(0.5);
  }
}
