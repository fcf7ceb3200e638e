import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import { Box, IconButton, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import { isCurator, type DashboardCard } from '@vigil/domain';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/session-context.ts';
import { ChoiceField } from '../../../components/forms/choice-field.tsx';
import { tableExport } from '../../../components/export-dialog/export-settings.ts';
import {
  OVERLAY_CHOICES,
  PROFILE_AXES,
  datumDay,
  profileExportRecords,
  type ProfileAxis,
  type ProfileMode,
} from '../model/inclinometer-data.ts';
import { useInclinometerProfile } from '../model/use-inclinometer-profile.ts';
import { useProfileDatum } from '../model/use-profile-datum.ts';
import { useDashboardContext } from './card-context.ts';
import { CardFrame } from './card-frame.tsx';
import { ProfileDatumBar } from './profile-datum-bar.tsx';
import { SetDatumDialog } from './set-datum-dialog.tsx';

// uPlot and the profile plot are a chunk of their own, fetched when the first profile card renders.
const ProfileChart = lazy(() =>
  import('../../../components/charts/profile-chart.tsx').then((m) => ({ default: m.ProfileChart })),
);

type Card = Extract<DashboardCard, { type: 'inclinometer-profile' }>;

const MODES: readonly ProfileMode[] = ['cumulative', 'incremental'];

/**
 * Displacement against depth of an in-place inclinometer chain or a probe's casing: a profile per overlay date, along axis
 * A, B or their resultant, cumulative or incremental, as reported or since a datum: the device's
 * datum in effect (ADR 0041), which curators set here, or a day chosen for this view.
 */
export function InclinometerProfileCard({ card }: { card: Card }) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const { now } = useDashboardContext();
  const [axis, setAxis] = useState<ProfileAxis>('a');
  const [mode, setMode] = useState<ProfileMode>(card.mode);
  const datum = useProfileDatum(card.entity, card.datum);
  const { activeRole } = useSession();
  const [settingDatum, setSettingDatum] = useState(false);
  const [overlayDays, setOverlayDays] = useState<number[]>(card.overlay_days);
  const [showTable, setShowTable] = useState(false);
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);
  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  const label = useCallback(
    (days: number, at: Date) =>
      days === 0
        ? t('profile.now')
        : t('profile.dated', { when: t('profile.daysAgo', { count: days }), date: dateFormat.format(at) }),
    [t, dateFormat],
  );
  const profile = useInclinometerProfile(card.entity, { axis, mode, datumAt: datum.at, overlayDays, now, label });
  const title = card.title || `${profile.device?.title ?? t('na')} · ${t('profile.title')}`;
  // the device's datum is a reading set, to the minute; a chosen day is a day
  const datumText =
    datum.source === 'device' && datum.at
      ? timeFormat.format(datum.at)
      : datum.day
        ? dateFormat.format(new Date(`${datum.day}T12:00:00`))
        : null;
  const subtitle = [
    t(`profile.axes.${axis}`),
    t(`profile.modes.${mode}`),
    // a probe's deviations summed without a datum survey are the casing's shape, not a movement
    datumText
      ? t('profile.sinceDatum', { date: datumText })
      : profile.kind === 'probe'
        ? t('profile.casingShape')
        : t('profile.sinceInstallation'),
  ].join(' · ');
  // the controls stay, so that a datum or dates without readings can be changed back
  const nothing =
    profile.spacing === null
      ? t(profile.kind === 'probe' ? 'profile.noInterval' : 'profile.noSpacing')
      : profile.noDatumReadings
        ? t('profile.noDatumReadings')
        : profile.profiles.length === 0
          ? t('noData')
          : null;
  const overlayChoices = [...new Set([...OVERLAY_CHOICES, ...card.overlay_days])].sort((a, b) => a - b);
  // the limit is of displacement since installation: movement since a datum or increments are not held to it
  const limit = mode === 'cumulative' && !datum.at ? card.limit : null;
  const texts = useMemo(
    () => ({ depth: t('profile.depth'), displacement: t('profile.displacement'), limit: t('profile.limit') }),
    [t],
  );

  return (
    <CardFrame
      title={title}
      subtitle={subtitle}
      loading={profile.loading || profile.fetching}
      error={profile.error || datum.error}
      onRetry={() => {
        profile.refetch();
        datum.refetch();
      }}
      empty={!profile.loading && profile.nodes.length === 0 ? t('profile.noNodes') : null}
      actions={
        <Tooltip title={showTable ? t('profile.showChart') : t('profile.showTable')}>
          <IconButton
            size="small"
            aria-label={showTable ? t('profile.showChart') : t('profile.showTable')}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? <TimelineOutlined fontSize="small" /> : <TableChartOutlined fontSize="small" />}
          </IconButton>
        </Tooltip>
      }
      exportSettings={() =>
        tableExport(title, profileExportRecords(profile.profiles), [
          { heading: t('profile.depth'), key: 'depth' },
          ...profile.profiles.map((p) => ({ heading: `${p.label} (mm)`, key: p.key })),
        ])
      }
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, max-content)' },
          gap: 1.5,
          pt: 0.5,
          pb: 1,
        }}
      >
        <ChoiceField
          size="small"
          label={t('profile.axis')}
          value={axis}
          choices={PROFILE_AXES}
          choiceLabel={(a) => t(`profile.axes.${a}`)}
          onChange={setAxis}
          sx={{ minWidth: { sm: 110 } }}
        />
        <ChoiceField
          size="small"
          label={t('profile.mode')}
          value={mode}
          choices={MODES}
          choiceLabel={(m) => t(`profile.modes.${m}`)}
          onChange={setMode}
          sx={{ minWidth: { sm: 130 } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('profile.datum')}
          value={datum.day}
          onChange={(e) => datum.choose(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: datumDay(now.toISOString()) } }}
          sx={{ width: { sm: 170 } }}
        />
        <TextField
          select
          size="small"
          label={t('profile.overlays')}
          value={overlayDays}
          onChange={(e) => {
            const chosen = e.target.value as unknown as number[];
            if (chosen.length) setOverlayDays(chosen);
          }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (days) =>
                (days as number[])
                  .map((d) => (d === 0 ? t('profile.now') : t('profile.daysShort', { count: d })))
                  .join(', '),
            },
          }}
          sx={{ minWidth: { sm: 130 }, maxWidth: { sm: 220 } }}
        >
          {overlayChoices.map((d) => (
            <MenuItem key={d} value={d}>
              {d === 0 ? t('profile.now') : t('profile.daysAgo', { count: d })}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ProfileDatumBar
        source={datum.source}
        date={datumText}
        canSet={datum.stored && isCurator(activeRole.name)}
        canFollow={datum.source === 'view' && !!datum.inEffect}
        onSet={() => setSettingDatum(true)}
        onFollow={datum.follow}
      />
      {settingDatum && (
        <SetDatumDialog
          instrumentId={card.entity.id}
          deviceTitle={profile.device?.title ?? title}
          surveys={profile.kind === 'probe'}
          datums={datum.datums}
          onClose={() => setSettingDatum(false)}
          onSaved={() => {
            setSettingDatum(false);
            datum.follow();
          }}
        />
      )}
      {!profile.loading && nothing && (
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ letterSpacing: 1 }}>
            {nothing}
          </Typography>
        </Box>
      )}
      {!nothing && (
        <Suspense fallback={null}>
          <ProfileChart
            profiles={profile.profiles}
            limit={limit}
            height="fill"
            showTable={showTable}
            ariaLabel={t('profile.label', { title })}
            tableLabel={t('profile.table', { title })}
            noDataText={t('noData')}
            texts={texts}
          />
        </Suspense>
      )}
    </CardFrame>
  );
}
