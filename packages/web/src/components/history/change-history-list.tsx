import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, List, ListItem, Typography } from '@mui/material';
import { formatDisplayDate } from '../dates/display-date.ts';
import { visuallyHidden } from '../visually-hidden.ts';

/** One change as a history shows it: who did what (in words), when, and each field's old and new value. */
export interface ChangeHistoryRow {
  id: string;
  /** e.g. "Changed by manager" */
  heading: string;
  /** ISO-8601 */
  at: string;
  changes: Array<{ field: string; label: string; old: string; new: string }>;
}

/**
 * A history of changes newest first, as journal entries and registry records show it: each change's
 * heading and time, then every field struck through from its old value to its new one.
 */
export function ChangeHistoryList({
  rows,
  locale,
  label,
  oldLabel,
  newLabel,
}: {
  rows: readonly ChangeHistoryRow[];
  locale: string;
  /** the list's accessible name */
  label: string;
  /** "old value" and "new value", read before each value by screen readers */
  oldLabel: string;
  newLabel: string;
}) {
  return (
    <List disablePadding aria-label={label}>
      {rows.map((row) => (
        <ListItem key={row.id} disableGutters divider sx={{ display: 'block' }}>
          <Typography variant="subtitle2" component="p">
            {row.heading}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            <time dateTime={row.at}>{formatDisplayDate(row.at, locale)}</time>
          </Typography>
          {row.changes.length > 0 && (
            <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gap: 1 }}>
              {row.changes.map((change) => (
                <Box key={change.field}>
                  <Typography component="dt" variant="caption" sx={{ fontWeight: 600 }}>
                    {change.label}
                  </Typography>
                  <Box
                    component="dd"
                    sx={{ m: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}
                  >
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ textDecoration: 'line-through', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
                    >
                      <Box component="span" sx={visuallyHidden}>
                        {oldLabel}{' '}
                      </Box>
                      {change.old}
                    </Typography>
                    <ArrowForwardIcon fontSize="inherit" aria-hidden sx={{ alignSelf: 'center' }} />
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                      <Box component="span" sx={visuallyHidden}>
                        {newLabel}{' '}
                      </Box>
                      {change.new}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </ListItem>
      ))}
    </List>
  );
}
