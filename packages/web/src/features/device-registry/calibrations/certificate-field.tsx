import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import { Alert, Autocomplete, Box, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mediaFilesQuery } from '../../../api/media.ts';
import { useSession } from '../../../session/session-context.ts';

/** A calibration's certificate: one of the files already uploaded to the project's media library, or none. */
export function CertificateField({ value, onChange }: { value: string | null; onChange(next: string | null): void }) {
  const { t } = useTranslation('deviceRegistry');
  const { project } = useSession();
  const library = useQuery(mediaFilesQuery(project.id));
  const files = library.data ?? [];
  const chosen = files.find((f) => f.id === value) ?? null;
  return (
    <Box>
      <Autocomplete
        options={files}
        loading={library.isPending}
        value={chosen}
        onChange={(_, file) => onChange(file?.id ?? null)}
        getOptionLabel={(file) => file.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderOption={({ key, ...props }, file) => (
          <li key={key} {...props}>
            <Box>
              {file.label}
              <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
                {file.original_filename}
              </Box>
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('calibrations.certificate')}
            helperText={t('calibrations.certificateHint')}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                startAdornment: <AttachFileOutlined fontSize="small" color="action" />,
              },
            }}
          />
        )}
      />
      {library.isError && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('attachments.loadError')}
        </Alert>
      )}
    </Box>
  );
}
