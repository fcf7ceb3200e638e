import type { CrossSectionFigure } from './cross-section-section.ts';
import type { InclinometerProfile } from './inclinometer-section.ts';
import { drawCrossSection } from './pdf-cross-section.ts';
import { heading, MUTED, paragraph, table, type Pdf } from './pdf-layout.ts';
import { drawProfile } from './pdf-profile.ts';
import type { Formats } from './pdf-section-tables.ts';
import { fill, type ReportTexts } from './report-texts.ts';
import type { SiteChanges } from './site-changes.ts';

/** The sections drawn as figures (profiles, cross sections) and the site summary's changes. */

export function profiles(
  doc: Pdf,
  items: readonly InclinometerProfile[],
  texts: ReportTexts,
  f: Formats & { date: (iso: string | number) => string },
  period: { from: number; to: number },
  nextFigure: () => number,
) {
  for (const profile of items) {
    if (profile.problem) {
      paragraph(doc, fill(texts.notInclinometer, { eid: profile.eid }), { colour: MUTED });
      continue;
    }
    drawProfile(doc, profile, {
      caption: fill(texts.profileCaption, {
        n: nextFigure(),
        title: profile.title.startsWith(profile.eid) ? profile.title : `${profile.eid} ${profile.title}`,
        unit: profile.unit,
      }),
      note: fill(texts.profileNote, {
        end: f.time(period.to),
        start: f.time(period.from),
        datum: profile.datumAt ? fill(texts.datumNote, { datum: f.date(profile.datumAt) }) : texts.noDatum,
      }),
      axisA: texts.axisA,
      axisB: texts.axisB,
      depth: texts.depth,
      periodEnd: texts.periodEnd,
      periodStart: texts.periodStart,
    });
  }
}

export function crossSections(
  doc: Pdf,
  items: readonly CrossSectionFigure[],
  texts: ReportTexts,
  nextFigure: () => number,
) {
  for (const figure of items)
    drawCrossSection(doc, figure, {
      caption: fill(texts.sectionCaption, { n: nextFigure(), name: figure.name, unit: figure.altitudeUnit }),
      note: texts.sectionNote,
      phreatic: texts.phreatic,
      envelope: texts.envelope,
      warningLevel: texts.warningLevel,
      criticalLevel: texts.criticalLevel,
      distance: texts.distance,
      categories: texts.categories,
    });
}

export function siteChangesTable(doc: Pdf, changes: SiteChanges, texts: ReportTexts, f: Formats, colour: string) {
  heading(doc, texts.changes, 2, colour);
  if (!changes.safety && !changes.raised && !changes.cleared) return paragraph(doc, texts.noChanges, { colour: MUTED });
  paragraph(
    doc,
    fill(texts.changesSummary, { safety: changes.safety, raised: changes.raised, cleared: changes.cleared }),
  );
  // a state named like a limit standing ('warning') reads as the table of last values says it
  const standing = (state: string) => texts.standings[state as keyof ReportTexts['standings']] ?? f.state(state);
  table(
    doc,
    [
      { header: texts.time, weight: 1.3 },
      { header: texts.change, weight: 4 },
    ],
    changes.listed.map((c) => [
      f.time(c.at),
      c.kind === 'safety'
        ? `${c.eid} ${c.title}: ${fill(texts.safetyChanged, { from: standing(c.from), to: standing(c.to) })}`
        : fill(c.kind === 'raised' ? texts.alarmRaised : texts.alarmCleared, {
            title: c.title ?? f.alarmSource(c.source),
          }),
    ]),
    colour,
  );
  const total = changes.safety + changes.raised + changes.cleared;
  if (total > changes.listed.length)
    paragraph(doc, fill(texts.moreChanges, { n: total - changes.listed.length }), { colour: MUTED });
}
