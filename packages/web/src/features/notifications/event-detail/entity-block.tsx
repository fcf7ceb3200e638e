import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Link, Stack, Tooltip } from '@mui/material';
import type { NotificationObject } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { entityViewPath } from '../model/entity-link.ts';
import { DetailList, textOf } from './parts/detail-list.tsx';

interface EntityBlockProps {
  notification: NotificationObject;
  /** following the EID's link closes the drawer and the dialog */
  onNavigate(): void;
}

/**
 * The entity an event is about (requirements#monitoring-screens): type, title, EID with a copy button and a link,
 * description.
 */
export function EntityBlock({ notification, onNavigate }: EntityBlockProps) {
  const { t } = useTranslation('notifications');
  const { enqueueSnackbar } = useSnackbar();
  const entity = notification.extra.monitored_entity;
  const eid = entity?.eid ?? textOf(notification.extra.event_context.eid);
  const path = entityViewPath(notification);
  const type = entity?.monitored_entity_type ?? notification.extra.monitored_entity_type;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(eid!);
      enqueueSnackbar(t('detail.eidCopied', { eid }), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('detail.copyFailed'), { variant: 'warning' });
    }
  };

  return (
    <DetailList
      items={[
        { label: t('detail.entityType'), value: type ? t(`entityTypes.${type}`, { defaultValue: type }) : null },
        { label: t('detail.title'), value: entity?.title ?? notification.extra.device_profile_snapshot?.title },
        {
          label: t('detail.eid'),
          value: eid && (
            <Stack direction="row" component="span" sx={{ alignItems: 'center', gap: 0.5 }}>
              {path ? (
                <Link component={RouterLink} to={path} onClick={onNavigate} sx={{ fontWeight: 600 }}>
                  {eid}
                </Link>
              ) : (
                eid
              )}
              <Tooltip title={t('detail.copyEid')}>
                <IconButton size="small" aria-label={t('detail.copyEid')} onClick={() => void copy()}>
                  <ContentCopyIcon sx={{ fontSize: 16 }} />
                </IconButton>
              </Tooltip>
            </Stack>
          ),
        },
        { label: t('detail.description'), value: entity?.description },
      ]}
    />
  );
}
