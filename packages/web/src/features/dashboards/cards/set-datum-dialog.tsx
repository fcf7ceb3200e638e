import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import type { InclinometerDatum } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveError } from '../../../components/forms/save-error.tsx';
import { readingSetsQuery, useSetDatum } from '../api/inclinometer-datums-api.ts';
import { datumDay, datumTime } from '../model/inclinometer-data.ts';

/** The start of a local day (YYYY-MM-DD): with datumTime, the range of its reading sets. */
const dayStart = (day: string) => {
  const end = datumTime(day);
  return end ? new Date(end.getFullYear(), end.getMonth(), end.getDate()) : null;
};

/** How far back a probe's surveys are offered: they are weeks or months apart. */
const SURVEYS_MS = 2 * 366 * 86_400_000;

/**
 * Sets an inclinometer's datum (ADR 0041): a day, then one of the device's reading sets of that day,
 * and why; for a probe, one of its surveys of the last two years. Earlier datums are listed and kept;
 * the stored readings are not touched.
 */
export function SetDatumDialog({
  instrumentId,
  deviceTitle,
  surveys = false,
  datums,
  onClose,
  onSaved,
}: {
  instrumentId: string;
  deviceTitle: string;
  /** a probe's surveys to choose from, rather than a day's reading sets */
  surveys?: boolean;
  /** the device's datums, the one in effect first */
  datums: readonly InclinometerDatum[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const [day, setDay] = useState(() => datumDay(new Date().toISOString()));
  const [chosen, setChosen] = useState('');
  const [notes, setNotes] = useState('');
  const save = useSetDatum(instrumentId);
  const [openedAt] = useState(() => Date.now());
  const [from, to] = surveys ? [new Date(openedAt - SURVEYS_MS), new Date(openedAt)] : [dayStart(day), datumTime(day)];
  const sets = useQuery({ ...readingSetsQuery(instrumentId, from ?? new Date(0), to ?? new Date(0)), enabled: !!to });
  const choices = sets.data ?? [];
  // the newest set of the day until another is chosen
  const selected = choices.some((s) => s.read_at === chosen) ? chosen : (choices[0]?.read_at ?? '');
  const formats = useMemo(
    () => ({
      when: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      time: new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }),
      survey: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    }),
    [locale],
  );
  const [inEffect, ...earlier] = datums;
  const when = (iso: string) => formats.when.format(new Date(iso));
  const setsHelp = !to
    ? ' '
    : sets.isPending
      ? t('datumDialog.loadingSets')
      : sets.isError
        ? t('datumDialog.setsFailed')
        : choices.length === 0
          ? t(surveys ? 'datumDialog.noSurveys' : 'datumDialog.noSets')
          : ' ';

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="set-datum-title">
      <DialogTitle id="set-datum-title">{t('datumDialog.title', { title: deviceTitle })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {t(surveys ? 'datumDialog.introSurveys' : 'datumDialog.intro')}
        </DialogContentText>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {inEffect
            ? t('datumDialog.inEffect', {
                date: when(inEffect.datum_at),
                by: inEffect.set_by ?? t('na'),
                setAt: when(inEffect.set_at),
              })
            : t(surveys ? 'datumDialog.noneInEffectSurveys' : 'datumDialog.noneInEffect')}
        </Typography>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: surveys ? '1fr' : '170px 1fr' }, gap: 2, pt: 1 }}
        >
          {!surveys && (
            <TextField
              type="date"
              label={t('datumDialog.day')}
              value={day}
              onChange={(e) => setDay(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
          <TextField
            select
            label={t(surveys ? 'datumDialog.survey' : 'datumDialog.readingSet')}
            value={selected}
            onChange={(e) => setChosen(e.target.value)}
            disabled={choices.length === 0}
            helperText={setsHelp}
          >
            {choices.map((s) => (
              <MenuItem key={s.read_at} value={s.read_at}>
                {surveys
                  ? t('datumDialog.surveyItem', { date: formats.survey.format(new Date(s.read_at)), count: s.readings })
                  : t('datumDialog.readings', { time: formats.time.format(new Date(s.read_at)), count: s.readings })}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={t('datumDialog.notes')}
          helperText={t('datumDialog.notesHint')}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
          sx={{ mt: 1 }}
        />
        {earlier.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3">
              {t('datumDialog.earlier')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {earlier.map((d) => (
                <Typography component="li" variant="body2" key={d.id}>
                  {t('datumDialog.earlierItem', { date: when(d.datum_at), by: d.set_by ?? t('na') })}
                  {d.notes ? ` — ${d.notes}` : ''}
                </Typography>
              ))}
            </Box>
          </Box>
        )}
        {save.isError && (
          <Box sx={{ mt: 2 }}>
            <SaveError
              error={save.error}
              title={t('datumDialog.notSaved')}
              fallback={t('datumDialog.failed')}
              fieldName={(field) =>
                field === 'notes'
                  ? t('datumDialog.notes')
                  : t(surveys ? 'datumDialog.survey' : 'datumDialog.readingSet')
              }
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!selected || save.isPending}
          onClick={() => save.mutate({ datum_at: selected, notes: notes.trim() }, { onSuccess: () => onSaved() })}
        >
          {t('datumDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
