import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import { Box, Card, CardContent, Chip, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import type { JournalEntry, MediaFile } from '@vigil/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { FilePreview } from '../../../components/media/file-preview.tsx';

interface EntryCardProps {
  entry: JournalEntry;
  deviceTitle(id: string): string | undefined;
  file(id: string): MediaFile | undefined;
  /** offered to the entry's author, administrators and managers */
  onEdit?: () => void;
  onDelete?: () => void;
  onHistory(): void;
}

/** One journal entry: what happened and when, who wrote it, its tags, devices and attachments. */
export function EntryCard({ entry, deviceTitle, file, onEdit, onDelete, onHistory }: EntryCardProps) {
  const { t, i18n } = useTranslation('journal');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const action = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={`${label}: ${entry.title}`} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Card variant="outlined" component="article" aria-label={entry.title}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {entry.title}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              <time dateTime={entry.occurred_at}>{formatDisplayDate(entry.occurred_at, locale)}</time>
              {' · '}
              {t('entry.by', { user: entry.author ?? t('entry.unknownUser') })}
              {entry.updated_at !== entry.created_at &&
                entry.updated_by &&
                ` · ${t('entry.edited', { user: entry.updated_by })}`}
            </Typography>
          </Box>
          <Stack direction="row" sx={{ flex: 'none' }}>
            {onEdit && action(t('entry.edit'), <EditOutlined fontSize="small" />, onEdit)}
            {action(t('entry.history'), <HistoryOutlined fontSize="small" />, onHistory)}
            {onDelete && action(t('entry.delete'), <DeleteOutlined fontSize="small" />, onDelete)}
          </Stack>
        </Box>
        {entry.text && (
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {entry.text}
          </Typography>
        )}
        {(entry.tags.length > 0 || entry.monitored_entity_ids.length > 0) && (
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
            {entry.monitored_entity_ids.map((id) => (
              <Chip
                key={id}
                size="small"
                icon={<SensorsOutlined />}
                label={deviceTitle(id) ?? t('entry.unknownDevice')}
                aria-label={t('entry.device', { title: deviceTitle(id) ?? t('entry.unknownDevice') })}
              />
            ))}
            {entry.tags.map((tag) => (
              <Chip key={tag} size="small" variant="outlined" icon={<LocalOfferOutlined />} label={tag} />
            ))}
          </Stack>
        )}
        {entry.attachments.length > 0 && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            role="list"
            aria-label={t('entry.attachments')}
            sx={{ flexWrap: 'wrap', mt: 1.5 }}
          >
            {entry.attachments.map((id) => {
              const media = file(id);
              const href = media?.public_url;
              if (!media || !href) {
                return <Chip key={id} role="listitem" size="small" variant="outlined" label={t('entry.missingFile')} />;
              }
              return (
                <Link
                  key={id}
                  role="listitem"
                  href={href}
                  target="_blank"
                  rel="noopener"
                  underline="hover"
                  sx={{ width: 96, display: 'flex', flexDirection: 'column', gap: 0.5 }}
                >
                  <FilePreview file={media} size={64} alt={media.label} />
                  <Typography variant="caption" noWrap title={media.label}>
                    {media.label}
                  </Typography>
                </Link>
              );
            })}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
