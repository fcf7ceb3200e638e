import AddOutlined from '@mui/icons-material/AddOutlined';
import { Alert, Box, Button, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EscalationPolicy } from '@vigil/domain';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import { tarpLevelsQuery } from '../../../api/alarms.ts';
import { callOutApi, rostersQuery } from '../../../api/call-out.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions.tsx';
import { SubjectDialog } from '../../../components/dialogs/subject-dialog.tsx';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useSession } from '../../../session/session-context.ts';
import { callOutMessage } from './call-out-messages.ts';
import {
  bodyOfPolicyForm,
  emptyPolicyForm,
  emptyStep,
  policyFormOf,
  policyFormResolver,
  type PolicyFormValues,
} from './policy-form.ts';
import { PolicyStepFields } from './policy-step-fields.tsx';

/** What the dialog edits: a new policy (for a TARP level) or a stored one. */
export type PolicySubject = { policy: EscalationPolicy | null; tarpLevel?: string };

/** A policy: its name and TARP level, its ordered steps, and whether they start again until acknowledged. */
export function PolicyDialog({ subject, onClose }: { subject: PolicySubject | null; onClose(): void }) {
  return (
    <SubjectDialog subject={subject} onClose={onClose} maxWidth="md" fullScreenOnPhone>
      {(shown, titleId) => <PolicyForm subject={shown} titleId={titleId} onClose={onClose} />}
    </SubjectDialog>
  );
}

function PolicyForm({ subject, titleId, onClose }: { subject: PolicySubject; titleId: string; onClose(): void }) {
  const { t } = useTranslation('alarms');
  const { project } = useSession();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const levels = useQuery(tarpLevelsQuery(project.id)).data?.levels ?? [];
  const rosters = useQuery(rostersQuery(project.id)).data ?? [];
  const { policy } = subject;
  const form = useForm<PolicyFormValues>({
    resolver: policyFormResolver,
    defaultValues: policy ? policyFormOf(policy) : emptyPolicyForm(subject.tarpLevel),
  });
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const save = useMutation({
    mutationFn: (values: PolicyFormValues) =>
      policy
        ? callOutApi.updatePolicy(policy.id, bodyOfPolicyForm(values))
        : callOutApi.createPolicy(bodyOfPolicyForm(values)),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: queryKeys.callOut.policies(project.id) });
      enqueueSnackbar(t('callOut.policies.saved', { name: saved.name }), { variant: 'success' });
      onClose();
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => save.mutate(values));
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <DialogTitle id={titleId}>
        {policy ? t('callOut.policies.editTitle') : t('callOut.policies.newTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1.4fr' } }}>
            <TextField
              {...form.register('name')}
              label={t('callOut.policies.name')}
              required
              autoFocus
              error={Boolean(errors.name)}
              helperText={callOutMessage(t, errors.name?.message)}
            />
            <Controller
              name="tarp_level"
              control={form.control}
              render={({ field }) => (
                <TextField
                  select
                  required
                  label={t('callOut.policies.tarpLevel')}
                  value={levels.some((l) => l.key === field.value) ? field.value : ''}
                  onChange={field.onChange}
                  error={Boolean(errors.tarp_level)}
                  helperText={errors.tarp_level ? t('callOut.errors.noLevel') : undefined}
                >
                  {levels.map((level) => (
                    <MenuItem key={level.key} value={level.key}>
                      {level.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              {...form.register('repeat_minutes')}
              type="number"
              label={t('callOut.policies.repeatMinutes')}
              slotProps={{ htmlInput: { min: 5, step: 1 } }}
              error={Boolean(errors.repeat_minutes)}
              helperText={callOutMessage(t, errors.repeat_minutes?.message) ?? t('callOut.policies.repeatHint')}
            />
          </Box>
          {steps.fields.map((item, index) => (
            <PolicyStepFields
              key={item.id}
              form={form}
              index={index}
              rosters={rosters}
              onRemove={steps.fields.length > 1 ? () => steps.remove(index) : undefined}
            />
          ))}
          {errors.steps?.message && <Alert severity="error">{callOutMessage(t, errors.steps.message)}</Alert>}
          <Box>
            <Button
              startIcon={<AddOutlined />}
              onClick={() => {
                const last = form.getValues('steps').at(-1);
                steps.append(emptyStep((Number(last?.after_minutes) || 0) + 15));
              }}
            >
              {t('callOut.policies.addStep')}
            </Button>
          </Box>
          {save.isError && (
            <Alert severity="error" role="alert">
              {refusalText(save.error, t('callOut.policies.saveFailed'))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <FormDialogActions submitLabel={t('actions.save')} pending={save.isPending} onCancel={onClose} />
    </Box>
  );
}
