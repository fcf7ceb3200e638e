import { Alert, Dialog, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { reportCreateBody, type ReportTemplate } from '@vigil/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions.tsx';
import { useFormDialog } from '../../../components/dialogs/use-form-dialog.ts';
import { localDate } from '../../../components/dates/custom-range.ts';
import { ChoiceField } from '../../../components/forms/choice-field.tsx';
import { browserTimeZone } from '../../../components/forms/time-zone-field.tsx';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { chosenDays, currentPeriod, SPAN_CHOICES, type SpanChoice } from '../model/generate-span.ts';
import { messageKey } from '../model/field-message.ts';
import { useGenerateReport } from '../model/use-report-mutations.ts';
import { PeriodText } from './period-text.tsx';
import { RefusalAlert } from './refusal-alert.tsx';

/**
 * Generates a report of a template: for this week, month or quarter (in the template's schedule's zone,
 * else the browser's) or for chosen days; the reports tab then shows its progress.
 */
export function GenerateDialog({ templates, onClose }: { templates: readonly ReportTemplate[]; onClose(): void }) {
  const { t } = useTranslation('reports');
  const { titleId, dialogProps } = useFormDialog();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const generate = useGenerateReport();
  const [templateId, setTemplateId] = useState(templates[0]?.id ?? '');
  const template = templates.find((tp) => tp.id === templateId);
  const [span, setSpan] = useState<SpanChoice>(template?.period ?? 'month');
  const today = localDate(new Date());
  const [first, setFirst] = useState(today);
  const [last, setLast] = useState(today);
  const [tried, setTried] = useState(false);

  const zone = template?.schedule?.timezone ?? browserTimeZone();
  const range = span === 'custom' ? chosenDays(first, last) : currentPeriod(span, new Date(), zone);
  const parsed = reportCreateBody.safeParse({ template_id: templateId, ...range });
  const issue = (field: string) => {
    if (!tried || parsed.success) return undefined;
    const found = parsed.error.issues.find((i) => i.path[0] === field);
    return found && t(messageKey({ message: found.message, type: found.code })!);
  };
  const missingDays = tried && span === 'custom' && !range;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!parsed.success) return;
    generate.mutate(parsed.data, {
      onSuccess: () => {
        enqueueSnackbar(t('generate.queued', { name: template?.name ?? '' }), { variant: 'info' });
        onClose();
        void navigate('/reports?tab=reports');
      },
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" {...dialogProps}>
      <DialogTitle id={titleId}>{t('generate.title')}</DialogTitle>
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {templates.length > 1 ? (
              <ChoiceField
                label={t('generate.template')}
                value={templateId}
                choices={templates.map((tp) => tp.id)}
                choiceLabel={(id) => templates.find((tp) => tp.id === id)?.name}
                onChange={(id) => setTemplateId(id)}
                error={Boolean(issue('template_id'))}
                helperText={issue('template_id')}
              />
            ) : (
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {t('generate.ofTemplate', { name: template?.name ?? '' })}
              </Typography>
            )}
            <ChoiceField
              label={t('generate.period')}
              value={span}
              choices={SPAN_CHOICES}
              choiceLabel={(choice) => t(`generate.spans.${choice}`)}
              onChange={setSpan}
            />
            {span === 'custom' && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  type="date"
                  label={t('generate.firstDay')}
                  value={first}
                  onChange={(e) => setFirst(e.target.value)}
                  error={Boolean(issue('from')) || (missingDays && !first)}
                  helperText={issue('from') ?? ' '}
                  slotProps={{ inputLabel: { shrink: true } }}
                  fullWidth
                />
                <TextField
                  type="date"
                  label={t('generate.lastDay')}
                  value={last}
                  onChange={(e) => setLast(e.target.value)}
                  error={Boolean(issue('to')) || (missingDays && !last)}
                  helperText={issue('to') ?? ' '}
                  slotProps={{ inputLabel: { shrink: true } }}
                  fullWidth
                />
              </Stack>
            )}
            {missingDays && <Alert severity="error">{t('generate.daysMissing')}</Alert>}
            {range && (
              <Typography variant="body2" color="text.secondary">
                {t('generate.covers')} <PeriodText from={range.from} to={range.to} />
              </Typography>
            )}
            {generate.isError && <RefusalAlert error={generate.error} title={t('generate.failed')} />}
          </Stack>
        </DialogContent>
        <FormDialogActions submitLabel={t('actions.generate')} pending={generate.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
