import type { ReportTemplateCreateBody } from '@vigil/domain';
import type { UseFormReturn } from 'react-hook-form';
import type { SectionDraft, TemplateFormValues } from '../model/section-drafts.ts';
import type { BuilderChoices } from './builder-choices.ts';

/** The builder's form: what it holds as typed, and the body the schema makes of it. */
export type TemplateForm = UseFormReturn<TemplateFormValues, unknown, ReportTemplateCreateBody>;

/** What a section's options are edited with. */
export interface SectionOptionsProps {
  form: TemplateForm;
  index: number;
  section: SectionDraft;
  choices: BuilderChoices;
  readOnly: boolean;
}
