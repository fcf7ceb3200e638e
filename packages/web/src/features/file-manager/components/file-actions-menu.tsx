import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { MediaFile } from '@vigil/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionToken } from '../../../api/client.ts';
import { contentUrl } from '../../../components/media/content-url.ts';

export type FileAction = 'rename' | 'tags' | 'delete';

/** A file's actions: open or download its bytes, rename, edit its tags, delete. */
export function FileActionsMenu({ file, onAction }: { file: MediaFile; onAction(action: FileAction): void }) {
  const { t } = useTranslation('fileManager');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const url = contentUrl(file, sessionToken());
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
        {item('rename', <DriveFileRenameOutline fontSize="small" />, t('file.rename'), act('rename'))}
        {item('tags', <LocalOfferOutlined fontSize="small" />, t('file.tags'), act('tags'))}
        {item('delete', <DeleteOutlined fontSize="small" color="error" />, t('file.delete'), act('delete'))}
      </Menu>
    </>
  );
}
