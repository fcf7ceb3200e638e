import { Dialog, useMediaQuery, useTheme, type DialogProps } from '@mui/material';
import { Fragment, useId, type ReactNode } from 'react';
import { useDialogSubject } from './use-dialog-subject.ts';

interface SubjectDialogProps<T> {
  /** what the dialog is about (a file, an entry, a reading); null closes it */
  subject: T | null;
  onClose(): void;
  maxWidth: DialogProps['maxWidth'];
  /** whether the dialog takes the whole screen of a phone */
  fullScreenOnPhone?: boolean;
  /** the dialog's content for its subject; `titleId` names the dialog */
  children(subject: T, titleId: string): ReactNode;
}

/**
 * A dialog about one subject: open while there is one, showing the last one while it closes, its
 * content started afresh at each opening (see `useDialogSubject`).
 */
export function SubjectDialog<T>({ subject, onClose, maxWidth, fullScreenOnPhone, children }: SubjectDialogProps<T>) {
  const titleId = useId();
  const shown = useDialogSubject(subject);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={Boolean(subject)}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={Boolean(fullScreenOnPhone) && phone}
    >
      {shown && <Fragment key={shown.key}>{children(shown.subject, titleId)}</Fragment>}
    </Dialog>
  );
}
