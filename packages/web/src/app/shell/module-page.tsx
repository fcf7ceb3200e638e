import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Chip } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { moduleInfoOf } from './module-info.ts';
import { moduleIcon } from './module-icons.ts';
import { NoticePage } from './notice-page.tsx';

/** A module that a later release builds: what it is and what it will do, never a blank page. */
export function ModulePage() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const info = moduleInfoOf(location.pathname, location.search);
  if (!info) return null;
  const Icon = moduleIcon(info.icon);
  return (
    <NoticePage
      icon={<Icon />}
      title={t(`modules.${info.key}.title`)}
      body={t(`modules.${info.key}.description`)}
      badge={
        <Chip
          icon={<ConstructionOutlined />}
          label={t('modulePage.comingSoon')}
          size="small"
          sx={(theme) => ({
            fontWeight: 500,
            px: 0.5,
            bgcolor: alpha(theme.palette.secondary.main, 0.16),
            color: theme.palette.primary.dark,
            '& .MuiChip-icon': { color: 'inherit' },
          })}
        />
      }
    />
  );
}
