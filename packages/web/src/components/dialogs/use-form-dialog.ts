import { useMediaQuery, type Theme } from '@mui/material';
import { useId, useState } from 'react';

/**
 * The parts of a dialog holding a form: the id of its title, full screen on a phone, and a key for its
 * content that changes once the dialog has closed, so that each opening starts afresh while the last
 * one stays on screen as the dialog fades out.
 */
export function useFormDialog() {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [generation, setGeneration] = useState(0);
  return {
    titleId,
    contentKey: generation,
    dialogProps: {
      fullScreen,
      'aria-labelledby': titleId,
      slotProps: { transition: { onExited: () => setGeneration((g) => g + 1) } },
    },
  };
}
