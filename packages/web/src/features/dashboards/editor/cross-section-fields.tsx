import { MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { CROSS_SECTION_VIEWS } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { crossSectionsQuery } from '../../../api/cross-sections.ts';
import { useSession } from '../../../session/session-context.ts';
import type { CardDraft } from './card-draft.ts';

/** A cross-section card's section, and the form it is shown in: the side-section or the aerial view. */
export function CrossSectionFields({ draft, set }: { draft: CardDraft; set(change: Partial<CardDraft>): void }) {
  const { t } = useTranslation('dashboards');
  const { project } = useSession();
  const sections = useQuery(crossSectionsQuery(project.id));
  const list = sections.data ?? [];
  return (
    <>
      <TextField
        select
        label={t('editor.crossSection')}
        value={draft.crossSectionId}
        disabled={!list.length}
        helperText={sections.isSuccess && !list.length ? t('editor.noCrossSections') : ' '}
        onChange={(e) => set({ crossSectionId: e.target.value })}
      >
        {list.map((section) => (
          <MenuItem key={section.id} value={section.id}>
            {section.name}
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label={t('editor.sectionView')}
        value={draft.sectionView}
        onChange={(_, view: CardDraft['sectionView'] | null) => view && set({ sectionView: view })}
      >
        {CROSS_SECTION_VIEWS.map((view) => (
          <ToggleButton key={view} value={view}>
            {t(`sectionViews.${view}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </>
  );
}
