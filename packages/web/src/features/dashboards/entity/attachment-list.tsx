import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { Box, Link, Stack, Typography } from '@mui/material';
import type { Attachment, DeviceProfile } from '@vigil/domain';
import { useTranslation } from 'react-i18next';

/** Attachments that count (requirements#monitoring-validation): images, PDFs and videos with a public URL. */
export const shownAttachments = (device: DeviceProfile) =>
  device.attachments.filter((a) => ['image', 'pdf', 'video'].includes(a.type) && a.public_url);

function AttachmentTile({ attachment }: { attachment: Attachment }) {
  const name = attachment.label || attachment.original_filename;
  const Icon = attachment.type === 'pdf' ? PictureAsPdfOutlined : OndemandVideoOutlined;
  return (
    <Link
      href={attachment.public_url}
      target="_blank"
      rel="noopener"
      underline="hover"
      sx={{ width: 136, display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      {attachment.type === 'image' ? (
        <Box
          component="img"
          src={attachment.public_url}
          alt={name}
          loading="lazy"
          sx={{ width: 136, height: 96, objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
        />
      ) : (
        <Box
          sx={{
            width: 136,
            height: 96,
            borderRadius: 1,
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
          }}
        >
          <Icon fontSize="large" aria-hidden />
        </Box>
      )}
      <Typography variant="caption" sx={{ lineHeight: 1.3 }}>
        {name}
      </Typography>
    </Link>
  );
}

/** A device's photos, reports and videos: pictures as pictures, the rest by their kind. */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  const { t } = useTranslation('dashboards');
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2">{t('details.attachments')}</Typography>
      <Stack
        role="group"
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1.5, mt: 0.5 }}
        aria-label={t('details.attachments')}
      >
        {attachments.map((a) => (
          <AttachmentTile key={a.public_url} attachment={a} />
        ))}
      </Stack>
    </Box>
  );
}
