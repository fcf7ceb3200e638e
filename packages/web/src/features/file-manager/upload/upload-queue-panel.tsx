import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import { Box, Button, Chip, IconButton, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../model/format-size.ts';
import { uploadErrorText } from '../model/media-text.ts';
import { canCancel, canPause, canResume, isFinished, type QueueItem } from './upload-queue.ts';
import type { UploadQueue } from './use-upload-queue.ts';

const BAR_COLOUR = { complete: 'success', failed: 'error', cancelled: 'inherit', paused: 'warning' } as const;

function QueueRow({ item, queue }: { item: QueueItem; queue: UploadQueue }) {
  const { t, i18n } = useTranslation('fileManager');
  const name = item.label;
  const failed = item.status === 'failed';
  return (
    <Box component="li" aria-label={name} sx={{ py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        {item.status === 'complete' && <CheckCircleOutlined color="success" fontSize="small" aria-hidden />}
        {failed && <ErrorOutlineOutlined color="error" fontSize="small" aria-hidden />}
        <Typography variant="body2" noWrap title={name} sx={{ fontWeight: 500, flex: 1, minWidth: 0 }}>
          {name}
        </Typography>
        {item.resize && <Chip size="small" variant="outlined" label={t('queue.resize')} />}
        {item.isPublic && <Chip size="small" variant="outlined" label={t('queue.public')} />}
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {formatSize(item.file.size, i18n.resolvedLanguage)}
        </Typography>
        {canPause(item) && (
          <IconButton size="small" aria-label={t('queue.pause', { name })} onClick={() => queue.pause(item.id)}>
            <PauseCircleOutlined fontSize="small" />
          </IconButton>
        )}
        {canResume(item) && (
          <IconButton size="small" aria-label={t('queue.resume', { name })} onClick={() => queue.resume(item.id)}>
            <PlayCircleOutlined fontSize="small" />
          </IconButton>
        )}
        {canCancel(item) && (
          <IconButton size="small" aria-label={t('queue.cancel', { name })} onClick={() => queue.cancel(item.id)}>
            <CancelOutlined fontSize="small" />
          </IconButton>
        )}
        {isFinished(item) && (
          <IconButton size="small" aria-label={t('queue.dismiss', { name })} onClick={() => queue.dismiss(item.id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={item.progress}
        color={BAR_COLOUR[item.status as keyof typeof BAR_COLOUR] ?? 'primary'}
        aria-label={t('queue.progress', { name })}
        sx={{ my: 0.75, height: 6, borderRadius: 3 }}
      />
      <Typography
        variant="caption"
        component="p"
        role="status"
        color={failed ? 'error' : 'text.secondary'}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {t(`status.${item.status}`)}
        {failed && item.error && ` · ${uploadErrorText(t, item.error)}`}
      </Typography>
    </Box>
  );
}

/** The upload queue: one row per file with its progress, message and controls (requirements#monitoring-screens). */
export function UploadQueuePanel({ queue }: { queue: UploadQueue }) {
  const { t } = useTranslation('fileManager');
  if (queue.items.length === 0) return null;
  const done = queue.items.filter(isFinished).length;
  return (
    <Paper variant="outlined" component="section" aria-label={t('queue.title')} sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('queue.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('queue.summary', { done, total: queue.items.length })}
        </Typography>
        {done > 0 && (
          <Button size="small" onClick={queue.clearFinished}>
            {t('queue.clear')}
          </Button>
        )}
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 320, overflowY: 'auto' }}>
        {queue.items.map((item) => (
          <QueueRow key={item.id} item={item} queue={queue} />
        ))}
      </Box>
    </Paper>
  );
}
