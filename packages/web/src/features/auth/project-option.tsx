import { PlaceOutlined } from '@mui/icons-material';
import { Box, FormControlLabel, Radio, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { Project } from '@vigil/domain';
import { useTranslation } from 'react-i18next';

/** One row of the project list: the project's name and the name of its first place. */
export function ProjectOption({ project, selected }: { project: Project; selected: boolean }) {
  const { t } = useTranslation('auth');
  const place = project.places[0]?.name;
  return (
    <FormControlLabel
      value={project.id}
      control={<Radio />}
      label={
        <Box sx={{ py: 0.5 }}>
          <Typography sx={{ fontWeight: 600, lineHeight: 1.35 }}>{project.name}</Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.25 }}
          >
            <PlaceOutlined sx={{ fontSize: 16 }} aria-hidden />
            {place ?? t('projects.noPlace')}
          </Typography>
        </Box>
      }
      sx={(theme) => ({
        m: 0,
        pr: 2,
        py: 0.75,
        flexShrink: 0,
        border: 1,
        borderRadius: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? alpha(theme.palette.primary.main, 0.06) : 'transparent',
        transition: theme.transitions.create(['border-color', 'background-color']),
        '&:hover': { borderColor: 'primary.main' },
      })}
    />
  );
}
