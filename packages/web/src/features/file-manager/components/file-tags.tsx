import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A file's tags as small chips, the first few and how many more. */
export function FileTags({ tags, max = 3 }: { tags: readonly string[]; max?: number }) {
  const { t } = useTranslation('fileManager');
  if (tags.length === 0) return null;
  const more = tags.length - max;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {tags.slice(0, max).map((tag) => (
        <Chip key={tag} label={tag} size="small" variant="outlined" sx={{ maxWidth: '100%' }} />
      ))}
      {more > 0 && <Chip label={t('file.moreTags', { n: more })} size="small" title={tags.slice(max).join(', ')} />}
    </Stack>
  );
}
