import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import { Box, Button, IconButton, Menu, MenuItem } from '@mui/material';
import { parentPath, ROOT_PAGE, type DashboardPage, type DashboardTree, type StateType } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pagePath } from '../model/dashboard-paths.ts';
import { withChildPage, withoutPage, withPageTitle } from '../model/tree-edits.ts';
import { DeletePageDialog } from './delete-page-dialog.tsx';
import { PageTitleDialog } from './page-title-dialog.tsx';
import type { usePageEditing } from './use-page-editing.ts';

type Dialog = 'add' | 'rename' | 'delete' | null;

/** An editor's actions on a page: edit its cards, add a child page, rename it, delete it. */
export function PageActions({
  tree,
  page,
  stateType,
  editing,
}: {
  tree: DashboardTree;
  page: DashboardPage;
  stateType: StateType;
  editing: ReturnType<typeof usePageEditing>;
}) {
  const { t } = useTranslation('dashboards');
  const navigate = useNavigate();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const isRoot = page.path === tree.pages[0]!.path;
  const choose = (next: Dialog) => {
    setMenu(null);
    setDialog(next);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button variant="outlined" startIcon={<EditOutlined />} onClick={editing.start}>
        {t('editor.editPage')}
      </Button>
      <IconButton aria-label={t('editor.pageMenu')} onClick={(e) => setMenu(e.currentTarget)}>
        <MoreVert />
      </IconButton>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => choose('add')}>{t('editor.addPage')}</MenuItem>
        <MenuItem onClick={() => choose('rename')}>{t('editor.renamePage')}</MenuItem>
        {!isRoot && <MenuItem onClick={() => choose('delete')}>{t('editor.deletePage')}</MenuItem>}
      </Menu>
      {dialog === 'delete' && (
        <DeletePageDialog
          title={page.title}
          busy={editing.saving}
          onClose={() => setDialog(null)}
          onDelete={async () => {
            if (await editing.saveEdit({ apply: (base) => withoutPage(base, page.path), pages: [page.path] })) {
              setDialog(null);
              navigate(pagePath(stateType, parentPath(page.path) ?? ROOT_PAGE));
            }
          }}
        />
      )}
      {dialog === 'add' && (
        <PageTitleDialog
          heading={t('editor.addPageUnder', { title: page.title })}
          initial=""
          busy={editing.saving}
          onClose={() => setDialog(null)}
          onSave={async (title) => {
            let path = '';
            const apply = (base: DashboardTree) => {
              const added = withChildPage(base, page.path, title);
              path = added.path;
              return added.tree;
            };
            if (await editing.saveEdit({ apply, pages: [] })) {
              setDialog(null);
              navigate(pagePath(stateType, path));
            }
          }}
        />
      )}
      {dialog === 'rename' && (
        <PageTitleDialog
          heading={t('editor.renamePage')}
          initial={page.title}
          busy={editing.saving}
          onClose={() => setDialog(null)}
          onSave={async (title) => {
            const apply = (base: DashboardTree) => withPageTitle(base, page.path, title);
            if (await editing.saveEdit({ apply, pages: [page.path] })) setDialog(null);
          }}
        />
      )}
    </Box>
  );
}
