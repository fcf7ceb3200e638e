import AddOutlined from '@mui/icons-material/AddOutlined';
import { Alert, Box, Button, Card, CardActionArea, Chip, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { CrossSection } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { crossSectionsQuery } from '../../../api/cross-sections.ts';
import { useSession } from '../../../session/session-context.ts';
import { AllSectionsMap } from '../../../components/cross-section/all-sections-map.tsx';
import { crossSectionPath } from '../../../components/cross-section/section-paths.ts';
import { problemKeys } from '../../../components/cross-section/section-problems.ts';
import { useSectionAccess } from '../model/use-section-access.ts';
import { NewSectionDialog } from './new-section-dialog.tsx';

const collator = new Intl.Collator(undefined, { numeric: true });

/** The project's cross sections: where they run on the site, and a card each; a new one for curators. */
export function SectionListPage() {
  const { t } = useTranslation('crossSections');
  const { project } = useSession();
  const { canEdit } = useSectionAccess();
  const sections = useQuery(crossSectionsQuery(project.id));
  const [creating, setCreating] = useState(false);
  const sorted = [...(sections.data ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  return (
    <Box sx={{ px: { xs: 0, sm: 1 }, py: { xs: 1, sm: 2 }, maxWidth: 1400, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            {t('page.title')}
          </Typography>
          <Typography color="text.secondary">{t('page.intro')}</Typography>
        </Box>
        {canEdit && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
            {t('page.new')}
          </Button>
        )}
      </Box>
      {sections.isPending && <Skeleton variant="rounded" height={240} />}
      {sections.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void sections.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('page.loadError')}
        </Alert>
      )}
      {sections.data && sorted.length === 0 && (
        <Alert severity="info">{canEdit ? t('page.emptyCurator') : t('page.empty')}</Alert>
      )}
      {sorted.length > 0 && (
        <>
          <Box sx={{ mb: 2 }}>
            <AllSectionsMap sections={sorted} projectId={project.id} height={320} />
          </Box>
          <Box
            component="ul"
            aria-label={t('page.listLabel')}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
              gap: 2,
              m: 0,
              p: 0,
              listStyle: 'none',
            }}
          >
            {sorted.map((section) => (
              <li key={section.id}>
                <SectionCard section={section} />
              </li>
            ))}
          </Box>
        </>
      )}
      <NewSectionDialog open={creating} onClose={() => setCreating(false)} />
    </Box>
  );
}

function SectionCard({ section }: { section: CrossSection }) {
  const { t, i18n } = useTranslation('crossSections');
  const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage, { maximumFractionDigits: 2 });
  const problems = problemKeys(section);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={crossSectionPath(section.id)}
        sx={{ height: '100%', p: 2, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {section.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, mb: 1 }}>
          {section.description || t('page.noDescription')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip
            size="small"
            label={t('facts.distance', { value: number(section.distance), unit: section.distance_unit })}
          />
          <Chip
            size="small"
            label={t('facts.altitude', {
              min: number(section.altitude_min),
              max: number(section.altitude_max),
              unit: section.altitude_unit,
            })}
          />
          <Chip size="small" label={t('facts.sensors', { count: section.sensors.length })} />
          {problems.length > 0 && <Chip size="small" color="warning" label={t('facts.notDrawn')} />}
        </Box>
      </CardActionArea>
    </Card>
  );
}
