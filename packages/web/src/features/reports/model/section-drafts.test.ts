import { reportSectionSchema, reportTemplateCreateBody } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { emptyTemplate, moved, newSection, SECTION_KINDS } from './section-drafts.ts';

describe('section drafts of the template builder', () => {
  it('offers every kind of section the schema knows, once', () => {
    const schemaKinds = reportSectionSchema.options.map((o) => o.shape.kind.value);
    expect([...SECTION_KINDS].sort()).toEqual([...schemaKinds].sort());
  });

  it('starts sections without options valid as they are, and those needing a choice refused until made', () => {
    const valid = SECTION_KINDS.filter((kind) => reportSectionSchema.safeParse(newSection(kind)).success);
    expect(valid.sort()).toEqual(['alarms', 'data_completeness', 'manual_readings_and_journal', 'site_summary']);
    const weather = reportSectionSchema.safeParse({ ...newSection('weather'), device_id: 'dev-1' });
    expect(weather.success).toBe(true);
  });

  it('makes a new template the schema accepts once it is named', () => {
    expect(reportTemplateCreateBody.safeParse(emptyTemplate('es')).success).toBe(false);
    const parsed = reportTemplateCreateBody.parse({ ...emptyTemplate('es'), name: 'Monthly' });
    expect(parsed).toMatchObject({ language: 'es', period: 'month', schedule: null, recipients: [] });
    expect(parsed.sections.map((s) => s.kind)).toEqual(['site_summary', 'data_completeness']);
  });

  it('moves a section up or down by one, and leaves the list as it is at either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
