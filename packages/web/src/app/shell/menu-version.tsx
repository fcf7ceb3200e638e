import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { List } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MenuLink } from './menu-link.tsx';
import { useVersionFile } from './shell-files.ts';

/** The web application's version at the bottom of the menu; it opens the About dialog. */
export function MenuVersion({ collapsed, onOpen }: { collapsed: boolean; onOpen(): void }) {
  const { t } = useTranslation('shell');
  const version = useVersionFile().data?.version;
  const label = version ? t('menu.version', { version }) : t('menu.about');
  return (
    <List dense disablePadding sx={{ py: 0.5 }}>
      <li>
        <MenuLink label={label} icon={<InfoOutlined fontSize="small" />} collapsed={collapsed} onClick={onOpen} />
      </li>
    </List>
  );
}
