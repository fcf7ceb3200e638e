import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import MenuOpenOutlined from '@mui/icons-material/MenuOpenOutlined';
import ReorderOutlined from '@mui/icons-material/ReorderOutlined';
import { Box, IconButton, Radio, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { TILE_MENUS, type ModuleObject, type RoleObject, type TileMenu } from '@vigil/domain';
import { useSnackbar } from '../../components/snackbars/snackbars.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateRole } from './api/roles-api.ts';
import { EmptyState, LoadError, LoadingRows } from './components/load-states.tsx';
import { OptionCard } from './components/option-card.tsx';
import { SaveBar } from './components/save-bar.tsx';
import { Section } from './components/section.tsx';
import { menuTreeIds, moveItem, roleMenu, sameOrder, toMenuTree } from './model/menu-tree.ts';
import { useNames } from './model/names.ts';
import { useFailureMessage } from './model/use-failure-message.ts';

const TILE_ICONS: Record<TileMenu, typeof GridViewOutlined> = { grid: GridViewOutlined, 'side-menu': MenuOpenOutlined };

/** How the role's modules are offered (a grid of tiles or the side menu) and in which order. */
export function RoleMenu({ role, modules }: { role: RoleObject; modules: UseQueryResult<ModuleObject[]> }) {
  const { t } = useTranslation('roles');
  const names = useNames();
  const menu = modules.data && roleMenu(role.menu_tree, modules.data, role.id);
  return (
    <Section title={t('menu.title')} description={t('menu.description', { role: names.role(role.name) })}>
      {modules.isPending ? (
        <LoadingRows rows={4} label={t('modules.loading')} />
      ) : modules.isError ? (
        <LoadError title={t('modules.loadError')} error={modules.error} onRetry={() => void modules.refetch()} />
      ) : (
        <MenuForm
          // Starts over from what is stored whenever that changes (a save, a module attached).
          key={`${role.id}|${role.tileMenu}|${menuTreeIds(role.menu_tree).join()}|${menu!.map((m) => m.id).join()}`}
          role={role}
          initialMenu={menu!}
        />
      )}
    </Section>
  );
}

function MenuForm({ role, initialMenu }: { role: RoleObject; initialMenu: ModuleObject[] }) {
  const { t } = useTranslation('roles');
  const names = useNames();
  const { enqueueSnackbar } = useSnackbar();
  const failureMessage = useFailureMessage();
  const update = useUpdateRole();
  const [tileMenu, setTileMenu] = useState<TileMenu>(role.tileMenu);
  const [order, setOrder] = useState<ModuleObject[]>(initialMenu);
  const initialIds = initialMenu.map((m) => m.id);
  // The stored tree may still list modules detached since, or miss ones attached since.
  const outOfDate = !sameOrder(menuTreeIds(role.menu_tree), initialIds);
  const changed =
    tileMenu !== role.tileMenu ||
    !sameOrder(
      order.map((m) => m.id),
      initialIds,
    );

  async function save() {
    const roleName = names.role(role.name);
    try {
      await update.mutateAsync({ roleId: role.id, changes: { tileMenu, menu_tree: toMenuTree(order) } });
      enqueueSnackbar(t('menu.saved', { role: roleName }), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(t('menu.saveError', { role: roleName, reason: failureMessage(error) }), { variant: 'error' });
    }
  }

  return (
    <>
      <Typography variant="subtitle2" component="h3" id={`tile-menu-${role.id}`} sx={{ mb: 1 }}>
        {t('menu.style')}
      </Typography>
      <Box
        role="radiogroup"
        aria-labelledby={`tile-menu-${role.id}`}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 3 }}
      >
        {TILE_MENUS.map((value) => {
          const Icon = TILE_ICONS[value];
          return (
            <OptionCard
              key={value}
              checked={tileMenu === value}
              disabled={update.isPending}
              icon={<Icon fontSize="small" />}
              title={t(`menu.tileMenu.${value}`)}
              description={t(`menu.tileMenuHelp.${value}`)}
              control={({ labelledBy, describedBy }) => (
                <Radio
                  checked={tileMenu === value}
                  value={value}
                  name={`tile-menu-${role.id}`}
                  disabled={update.isPending}
                  onChange={() => setTileMenu(value)}
                  slotProps={{ input: { 'aria-labelledby': labelledBy, 'aria-describedby': describedBy } }}
                />
              )}
            />
          );
        })}
      </Box>

      <Typography variant="subtitle2" component="h3" id={`menu-order-${role.id}`}>
        {t('menu.order')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('menu.orderHelp')}
      </Typography>
      {order.length === 0 ? (
        <EmptyState
          icon={<ReorderOutlined />}
          title={t('menu.emptyTitle')}
          body={t('menu.emptyBody', { role: names.role(role.name) })}
        />
      ) : (
        <Box
          component="ol"
          aria-labelledby={`menu-order-${role.id}`}
          sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {order.map((module, index) => {
            const moduleName = names.module(module);
            return (
              <Box
                component="li"
                key={module.id}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  pl: 2,
                  pr: 1,
                  py: 0.5,
                  '& + li': { borderTop: 1, borderColor: 'divider' },
                }}
              >
                <Typography
                  aria-hidden
                  variant="caption"
                  sx={{ width: 20, textAlign: 'right', color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
                >
                  {index + 1}
                </Typography>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{moduleName}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    /{module.path}
                  </Typography>
                </Box>
                <IconButton
                  size="small"
                  aria-label={t('menu.moveUp', { module: moduleName })}
                  disabled={index === 0 || update.isPending}
                  onClick={() => setOrder((list) => moveItem(list, index, -1))}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('menu.moveDown', { module: moduleName })}
                  disabled={index === order.length - 1 || update.isPending}
                  onClick={() => setOrder((list) => moveItem(list, index, 1))}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      )}
      <SaveBar
        dirty={changed || outOfDate}
        discardable={changed}
        saving={update.isPending}
        onSave={() => void save()}
        onDiscard={() => {
          setTileMenu(role.tileMenu);
          setOrder(initialMenu);
        }}
        note={changed ? t('unsaved') : outOfDate ? t('menu.outOfDate') : undefined}
      />
    </>
  );
}
