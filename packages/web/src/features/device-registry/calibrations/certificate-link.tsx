import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import { Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mediaFilesQuery } from '../../../api/media.ts';
import { useSession } from '../../../session/session-context.ts';

/** A calibration's certificate: a link to the media library's file, or its words alone for who cannot open the library. */
export function CertificateLink({ fileId }: { fileId: string }) {
  const { t } = useTranslation('deviceRegistry');
  const { project } = useSession();
  const library = useQuery(mediaFilesQuery(project.id));
  const file = library.data?.find((f) => f.id === fileId);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <AttachFileOutlined fontSize="small" color="action" />
      <Typography variant="body2">
        {t('calibrations.certificate')}:{' '}
        {file?.public_url ? (
          <Link href={file.public_url} target="_blank" rel="noopener" underline="hover">
            {file.label}
          </Link>
        ) : (
          (file?.label ?? t('calibrations.certificateUnavailable'))
        )}
      </Typography>
    </Stack>
  );
}
