import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useId, type ReactElement, type ReactNode } from 'react';

interface OptionCardProps {
  /** the checkbox or radio; it receives the ids that name and describe it */
  control: (ids: { labelledBy: string; describedBy: string }) => ReactElement;
  checked: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** more detail under the description, e.g. the permissions a group grants */
  extra?: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}

/** A choice shown as a bordered card; the whole card toggles its control. */
export function OptionCard({ control, checked, title, description, extra, icon, disabled }: OptionCardProps) {
  const labelledBy = useId();
  const describedBy = useId();
  return (
    <Box
      component="label"
      sx={(theme) => ({
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        p: 1.5,
        pl: 0.5,
        border: 1,
        borderRadius: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        bgcolor: checked ? alpha(theme.palette.primary.main, 0.05) : 'background.paper',
        cursor: disabled ? 'default' : 'pointer',
        transition: theme.transitions.create(['border-color', 'background-color']),
        '&:hover': disabled ? undefined : { borderColor: 'primary.main' },
        minWidth: 0,
      })}
    >
      <Box sx={{ mt: -0.75 }}>{control({ labelledBy, describedBy })}</Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {icon && (
            <Box aria-hidden sx={{ color: checked ? 'primary.main' : 'text.secondary', display: 'flex' }}>
              {icon}
            </Box>
          )}
          <Box id={labelledBy} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </Box>
        </Box>
        {description && (
          <Box id={describedBy} sx={{ typography: 'body2', color: 'text.secondary', mt: 0.25 }}>
            {description}
          </Box>
        )}
        {extra}
      </Box>
    </Box>
  );
}
