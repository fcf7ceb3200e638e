import {
  Alert,
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Skeleton,
  TextField,
} from '@mui/material';
import { MESSAGES, type RoleObject } from '@vigil/domain';
import { useId } from 'react';
import { Controller, type FieldError, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResponderType } from './users-api.ts';
import type { EditUserInput } from './user-form-values.ts';
import { toggleRole } from './user-form-values.ts';
import { fieldErrorText, translateMessage } from './user-messages.ts';
import { roleLabel } from './users-export.ts';

type Form<T extends EditUserInput> = UseFormReturn<T, unknown, unknown>;
const at = <T extends EditUserInput>(name: keyof EditUserInput | 'username') => name as Path<T>;

/** A text field registered with the form, its error translated. */
export function useTextField<T extends EditUserInput>(form: Form<T>) {
  const { t } = useTranslation('users');
  return (name: keyof EditUserInput | 'username', autoComplete: string) => {
    const { ref, ...registered } = form.register(at<T>(name));
    const error = (form.formState.errors as Record<string, FieldError | undefined>)[name];
    return {
      ...registered,
      inputRef: ref,
      label: t(`fields.${name}`),
      autoComplete,
      required: true,
      fullWidth: true,
      error: Boolean(error),
      helperText: fieldErrorText(t, name, error) || t(`fields.${name}Help`, { defaultValue: ' ' }),
    };
  };
}

/** First and last name side by side, then the e-mail address. */
export function PersonFields<T extends EditUserInput>({ form }: { form: Form<T> }) {
  const field = useTextField(form);
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...field('first_name', 'off')} />
        <TextField {...field('last_name', 'off')} />
      </Box>
      <TextField {...field('email', 'off')} type="email" />
    </>
  );
}

interface RolesFieldProps<T extends EditUserInput> {
  form: Form<T>;
  /** the roles the signed-in user may give; undefined while loading */
  offered: RoleObject[] | undefined;
  failed: boolean;
}

/**
 * The roles the signed-in user may assign, as checkboxes; "No roles were found in the server" when
 * there is none to give (requirements#shell-validation).
 */
export function RolesField<T extends EditUserInput>({ form, offered, failed }: RolesFieldProps<T>) {
  const { t } = useTranslation('users');
  const labelId = useId();
  if (failed) return <Alert severity="error">{t('form.rolesFailed')}</Alert>;
  if (!offered) return <Skeleton variant="rounded" height={56} aria-label={t('form.rolesLoading')} />;
  if (offered.length === 0) return <Alert severity="error">{translateMessage(t, MESSAGES.noRoles)}</Alert>;
  const order = offered.map((r) => r.id);
  return (
    <Controller
      control={form.control}
      name={at<T>('roles')}
      render={({ field, fieldState }) => {
        const chosen = (field.value as string[] | undefined) ?? [];
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)} required>
            <FormLabel component="legend" id={labelId}>
              {t('fields.roles')}
            </FormLabel>
            <FormGroup row aria-labelledby={labelId}>
              {offered.map((role) => (
                <FormControlLabel
                  key={role.id}
                  label={roleLabel(t, role.name)}
                  control={
                    <Checkbox
                      checked={chosen.includes(role.id)}
                      onChange={() => field.onChange(toggleRole(chosen, role.id, order))}
                      onBlur={field.onBlur}
                      slotProps={{ input: { ref: role.id === order[0] ? field.ref : undefined } }}
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>
              {fieldState.error ? fieldErrorText(t, 'roles', fieldState.error) : t('fields.rolesHelp')}
            </FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}

interface ResponderTypeFieldProps<T extends EditUserInput> {
  form: Form<T>;
  responderTypes: ResponderType[] | undefined;
  failed: boolean;
}

/** The default responder type of the user in this project, or none. */
export function ResponderTypeField<T extends EditUserInput>({
  form,
  responderTypes,
  failed,
}: ResponderTypeFieldProps<T>) {
  const { t } = useTranslation('users');
  return (
    <Controller
      control={form.control}
      name={at<T>('default_responder_type')}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          label={t('fields.default_responder_type')}
          value={responderTypes ? ((field.value as string | undefined) ?? '') : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          disabled={!responderTypes}
          error={failed || Boolean(fieldState.error)}
          helperText={
            failed
              ? t('form.responderTypesFailed')
              : fieldState.error
                ? fieldErrorText(t, 'default_responder_type', fieldState.error)
                : t('fields.default_responder_typeHelp')
          }
        >
          <MenuItem value="">
            <em>{t('form.noResponderType')}</em>
          </MenuItem>
          {responderTypes?.map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {type.title}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
