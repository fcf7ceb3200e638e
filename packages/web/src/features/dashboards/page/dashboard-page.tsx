import { Alert, Box, Button, LinearProgress, Link } from '@mui/material';
import { childPages, pageTrail, type StateType } from '@vigil/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CardGrid } from './card-grid.tsx';
import { DashboardFrame } from './dashboard-frame.tsx';
import { DashboardHeader } from './dashboard-header.tsx';
import { EditBar } from './edit-bar.tsx';
import { PageActions } from './page-actions.tsx';
import { usePageEditing } from './use-page-editing.ts';
import { pagePath } from '../model/dashboard-paths.ts';
import { useDashboardTree } from '../model/use-dashboard-tree.ts';

// The grid editor (react-grid-layout) loads only when an editor starts editing.
const DashboardEditor = lazy(() =>
  import('../editor/dashboard-editor.tsx').then((m) => ({ default: m.DashboardEditor })),
);

/** One page of a state dashboard: breadcrumbs, child pages, and its grid of cards; editors edit it. */
export function DashboardPage({ stateType, path }: { stateType: StateType; path: string }) {
  const { t } = useTranslation('dashboards');
  const { tree, query, version, canEdit, moduleId } = useDashboardTree(stateType);
  const editing = usePageEditing(tree, version, moduleId, path);
  const [addingCard, setAddingCard] = useState(false);

  if (query.isPending) return <LinearProgress aria-label={t('card.loading')} />;
  if (query.isError || !tree)
    return (
      <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('card.retry')}</Button>}>
        {t('page.loadError')}
      </Alert>
    );
  const trail = pageTrail(tree, path);
  const page = trail.at(-1);
  if (!page)
    return (
      <Alert severity="warning">
        {t('page.notFound')}{' '}
        <Link component={RouterLink} to={pagePath(stateType, 'root')}>
          {t('page.toRoot')}
        </Link>
      </Alert>
    );

  return (
    <DashboardFrame stateType={stateType} pageKey={path}>
      <DashboardHeader
        stateType={stateType}
        trail={trail}
        children={childPages(tree, path)}
        actions={
          canEdit && !editing.draft && <PageActions tree={tree} page={page} stateType={stateType} editing={editing} />
        }
      />
      {editing.draft ? (
        <>
          <EditBar editing={editing} onAddCard={() => setAddingCard(true)} />
          <Suspense fallback={<LinearProgress aria-label={t('card.loading')} />}>
            <DashboardEditor
              cards={editing.draft}
              onChange={editing.change}
              adding={addingCard}
              onAdded={() => setAddingCard(false)}
            />
          </Suspense>
        </>
      ) : page.cards.length ? (
        <CardGrid cards={page.cards} />
      ) : (
        <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
          {canEdit ? t('page.emptyEditor') : t('page.empty')}
        </Box>
      )}
    </DashboardFrame>
  );
}
