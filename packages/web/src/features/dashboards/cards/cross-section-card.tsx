import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { DashboardCard } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { crossSectionQuery } from '../../../api/cross-sections.ts';
import { useSession } from '../../../session/session-context.ts';
import { crossSectionDashboardPath } from '../../../components/cross-section/section-paths.ts';
import { AerialViewCard } from '../cross-section/aerial-view-card.tsx';
import { SideViewCard } from '../cross-section/side-view-card.tsx';
import { useDashboardContext } from './card-context.ts';
import { CardFrame } from './card-frame.tsx';

type Card = Extract<DashboardCard, { type: 'cross-section' }>;

/**
 * A cross section's map card (requirements#monitoring-screens) in the form chosen, the side-section with its grid or
 * the
 * aerial view, with the card action 'Go to Cross Section Dashboard'. A section deleted since says so.
 */
export function CrossSectionCard({ card }: { card: Card }) {
  const { t } = useTranslation(['crossSections', 'dashboards']);
  const { project } = useSession();
  const { stateType } = useDashboardContext();
  const section = useQuery(crossSectionQuery(project.id, card.cross_section_id));
  if (!section.data) {
    const gone = section.error instanceof ApiError && section.error.isNotFound;
    return (
      <CardFrame
        title={card.title || t('dashboards:cardTypes.cross-section')}
        loading={section.isPending}
        error={section.isError && !gone}
        onRetry={() => void section.refetch()}
        empty={gone ? t('dashboards:crossSection.gone') : null}
      />
    );
  }
  const toDashboard = (
    <Tooltip title={t('dashboard.go')}>
      <IconButton
        size="small"
        component={RouterLink}
        to={crossSectionDashboardPath(stateType, card.cross_section_id)}
        aria-label={t('dashboard.go')}
      >
        <DashboardOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  const View = card.view === 'aerial' ? AerialViewCard : SideViewCard;
  return <View section={section.data} title={card.title} toDashboard={toDashboard} />;
}
