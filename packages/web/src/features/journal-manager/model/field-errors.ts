import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';

/**
 * A form field's error in the interface language. The rules are the domain's (the service's own
 * schemas), whose messages are English: the problem is read from the code instead.
 */
export function fieldErrorText(
  t: TFunction<'journal'>,
  error: FieldError | { type?: string; message?: string } | undefined,
) {
  if (!error) return undefined;
  switch (error.type) {
    case 'too_small':
      return t('form.required');
    case 'too_big':
      return t('form.tooLong');
    case 'server':
      return error.message;
    default:
      return t('form.invalid');
  }
}
