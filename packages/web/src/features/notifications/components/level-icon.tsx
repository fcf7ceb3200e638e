import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import type { SvgIconProps } from '@mui/material';
import type { NotificationLevel } from '@vigil/domain';
import { useTranslation } from 'react-i18next';

const ICONS = { critical: ErrorOutlined, warning: WarningAmberRounded, info: InfoOutlined } as const;
const COLOURS = { critical: 'error', warning: 'warning', info: 'info' } as const;

/**
 * The icon of a notification's level (requirements#monitoring-screens): critical, warning or info, named for screen
 * readers.
 */
export function LevelIcon({ level, ...props }: { level: NotificationLevel } & SvgIconProps) {
  const { t } = useTranslation('notifications');
  const Icon = ICONS[level] ?? InfoOutlined;
  return (
    <Icon
      color={COLOURS[level] ?? 'info'}
      titleAccess={t(`levels.${level}`, { defaultValue: level })}
      aria-hidden={false}
      {...props}
    />
  );
}
