import { LOCALES, personNameSchema, type Locale } from '@vigil/domain';
import { z } from 'zod';

/** The editable part of the profile: the name (the user's first_name) and the interface language. */
export const profileFormSchema = z.object({ name: personNameSchema, locale: z.enum(LOCALES) });
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** What a save sends: only the fields that changed. */
export interface ProfileChanges {
  firstName?: string;
  locale?: Locale;
}

/** One of the eight locales: `wanted` itself or one of its language, else `fallback`. */
export function supportedLocale(wanted: string | null | undefined, fallback: Locale): Locale {
  if (!wanted) return fallback;
  const lower = wanted.toLowerCase();
  return (
    LOCALES.find((l) => l.toLowerCase() === lower) ??
    LOCALES.find((l) => l.split('-')[0] === lower.split('-')[0]) ??
    fallback
  );
}

export function profileChanges(initial: ProfileFormValues, submitted: ProfileFormValues): ProfileChanges {
  const changes: ProfileChanges = {};
  if (submitted.name !== initial.name) changes.firstName = submitted.name;
  if (submitted.locale !== initial.locale) changes.locale = submitted.locale;
  return changes;
}
