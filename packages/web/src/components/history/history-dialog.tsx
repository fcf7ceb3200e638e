import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Typography } from '@mui/material';
import { Fragment, useId, type ReactNode } from 'react';
import { useDialogSubject } from '../dialogs/use-dialog-subject.ts';
import { ChangeHistoryList, type ChangeHistoryRow } from './change-history-list.tsx';

/**
 * The dialog that shows the history of one record at a time. `children` renders the record's content
 * (usually a HistoryDialogContent fed by the screen's own query); it stays while the dialog closes and
 * starts afresh on each opening.
 */
export function HistoryDialog<S>({
  subject,
  closeLabel,
  onClose,
  children,
}: {
  subject: S | null;
  closeLabel: string;
  onClose(): void;
  children(subject: S, titleId: string): ReactNode;
}) {
  const titleId = useId();
  const shown = useDialogSubject(subject);
  return (
    <Dialog open={Boolean(subject)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {shown && <Fragment key={shown.key}>{children(shown.subject, titleId)}</Fragment>}
      <DialogActions>
        <Button onClick={onClose}>{closeLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}

export interface HistoryTexts {
  title: string;
  loading: string;
  failed: string;
  /** shown instead of an empty list; without it an empty list is shown */
  empty?: string;
  old: string;
  new: string;
}

/** A history dialog's title (with the record's name under it) and its changes, or why they are not shown. */
export function HistoryDialogContent({
  titleId,
  name,
  loading,
  failed,
  rows,
  locale,
  texts,
}: {
  titleId: string;
  name: string;
  loading: boolean;
  failed: boolean;
  /** the changes, once they are known */
  rows: readonly ChangeHistoryRow[] | undefined;
  locale: string;
  texts: HistoryTexts;
}) {
  return (
    <>
      <DialogTitle id={titleId}>
        {texts.title}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {name}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {loading && <Skeleton variant="rounded" height={120} aria-label={texts.loading} />}
        {failed && <Alert severity="error">{texts.failed}</Alert>}
        {rows?.length === 0 && texts.empty !== undefined ? (
          <Alert severity="info">{texts.empty}</Alert>
        ) : (
          rows && (
            <ChangeHistoryList
              rows={rows}
              locale={locale}
              label={texts.title}
              oldLabel={texts.old}
              newLabel={texts.new}
            />
          )
        )}
      </DialogContent>
    </>
  );
}
