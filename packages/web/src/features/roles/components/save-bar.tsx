import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface SaveBarProps {
  dirty: boolean;
  /** whether Discard has anything to undo; `dirty` unless told */
  discardable?: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  /** said next to the buttons, e.g. that there are unsaved changes */
  note?: string;
}

/** Discard and Save for a section's form; Save shows progress while the change is on its way. */
export function SaveBar({ dirty, discardable = dirty, saving, onSave, onDiscard, note }: SaveBarProps) {
  const { t } = useTranslation('roles');
  return (
    <Box
      sx={{
        mt: 2,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'flex-end',
      }}
    >
      {note && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mr: 'auto' }}>
          {note}
        </Typography>
      )}
      <Button disabled={!discardable || saving} onClick={onDiscard}>
        {t('actions.discard')}
      </Button>
      <Button
        variant="contained"
        disableElevation
        disabled={!dirty || saving}
        onClick={onSave}
        startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {saving ? t('actions.saving') : t('actions.save')}
      </Button>
    </Box>
  );
}
