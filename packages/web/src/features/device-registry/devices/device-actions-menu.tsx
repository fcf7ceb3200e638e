import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegisterRow } from '../api/devices-api.ts';

export type DeviceAction = 'edit' | 'history' | 'delete';

/** One device's actions: edit (or view, read-only), its history, delete. */
export function DeviceActionsMenu({
  row,
  canEdit,
  onAction,
}: {
  row: RegisterRow;
  canEdit: boolean;
  onAction(action: DeviceAction, row: RegisterRow): void;
}) {
  const { t } = useTranslation('deviceRegistry');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: DeviceAction) => {
    setAnchor(null);
    onAction(action, row);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('actions.menuFor', { title: row.title })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertOutlined fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('edit')}>
          <ListItemIcon>
            {canEdit ? <EditOutlined fontSize="small" /> : <VisibilityOutlined fontSize="small" />}
          </ListItemIcon>
          <ListItemText>{t(canEdit ? 'actions.edit' : 'actions.view')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => choose('history')}>
          <ListItemIcon>
            <HistoryOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('actions.history')}</ListItemText>
        </MenuItem>
        {canEdit && (
          <MenuItem onClick={() => choose('delete')} sx={{ color: 'error.main' }}>
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('actions.delete')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
