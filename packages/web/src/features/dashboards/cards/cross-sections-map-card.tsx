import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { DashboardCard } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { crossSectionsQuery } from '../../../api/cross-sections.ts';
import { useSession } from '../../../session/session-context.ts';
import { AllSectionsMap } from '../../../components/cross-section/all-sections-map.tsx';
import { CardFrame } from './card-frame.tsx';

type Card = Extract<DashboardCard, { type: 'cross-sections-map' }>;

/**
 * The all-cross-sections map card (requirements#monitoring-screens): where each section runs, with its sensors; a line
 * opens its section.
 */
export function CrossSectionsMapCard({ card }: { card: Card }) {
  const { t } = useTranslation(['crossSections', 'dashboards']);
  const { project } = useSession();
  const sections = useQuery(crossSectionsQuery(project.id));
  return (
    <CardFrame
      title={card.title || t('dashboards:cardTypes.cross-sections-map')}
      subtitle={sections.data && t('dashboards:crossSection.count', { count: sections.data.length })}
      loading={sections.isPending}
      error={sections.isError}
      onRetry={() => void sections.refetch()}
      empty={sections.data?.length === 0 ? t('page.empty') : null}
    >
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {sections.data && <AllSectionsMap sections={sections.data} projectId={project.id} height="fill" />}
      </Box>
    </CardFrame>
  );
}
