import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * The props an MUI TextField needs for one react-hook-form field: registration (the ref goes to the
 * input) and the field's error, translated by `messageOf`, as helper text so it is announced with the field.
 */
export function textFieldProps<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
  messageOf: (message: string | undefined) => string | undefined,
  hint?: string,
) {
  const { ref, ...field } = form.register(name);
  const message = messageOf(form.formState.errors[name]?.message as string | undefined);
  return { ...field, inputRef: ref, error: Boolean(message), helperText: message ?? hint };
}
