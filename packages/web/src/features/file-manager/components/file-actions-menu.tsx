import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { isPublicMedia, type MediaFile } from '@vigil/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type FileAction = 'rename' | 'tags' | 'visibility' | 'delete';

interface FileActionsMenuProps {
  file: MediaFile;
  /** the actions offered (offered-actions.ts) besides open and download */
  actions: readonly FileAction[];
  onAction(action: FileAction): void;
}

/** A file's actions: open or download its bytes, rename, edit its tags, make it public or private, delete. */
export function FileActionsMenu({ file, actions, onAction }: FileActionsMenuProps) {
  const { t } = useTranslation('fileManager');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // signed by the service when the file is private: a link can carry no session (ADR 0025)
  const url = file.public_url;
  const close = () => setAnchor(null);
  const item = (key: string, icon: ReactNode, label: string, props: Record<string, unknown>) => (
    <MenuItem key={key} onClick={close} {...props}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  const act = (action: FileAction) => ({
    onClick: () => {
      close();
      onAction(action);
    },
  });
  const offered = (action: FileAction, icon: ReactNode, label: string) =>
    actions.includes(action) && item(action, icon, label, act(action));
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('file.actions', { label: file.label })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {url && [
          item('open', <OpenInNew fontSize="small" />, t('file.open'), {
            component: 'a',
            href: url,
            target: '_blank',
            rel: 'noopener noreferrer',
          }),
          item('download', <DownloadOutlined fontSize="small" />, t('file.download'), {
            component: 'a',
            href: url,
            download: file.original_filename,
          }),
        ]}
        {offered('rename', <DriveFileRenameOutline fontSize="small" />, t('file.rename'))}
        {offered('tags', <LocalOfferOutlined fontSize="small" />, t('file.tags'))}
        {isPublicMedia(file.attrs)
          ? offered('visibility', <LockOutlined fontSize="small" />, t('file.makePrivate'))
          : offered('visibility', <PublicOutlined fontSize="small" />, t('file.makePublic'))}
        {offered('delete', <DeleteOutlined fontSize="small" color="error" />, t('file.delete'))}
      </Menu>
    </>
  );
}
