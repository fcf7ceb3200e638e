import { Alert, AlertTitle, Box } from '@mui/material';
import { ApiError, refusalText } from '../../api/api-error.ts';

/**
 * Why a form was not saved: each field the server named with its messages, else the server's words
 * for a refusal, else `fallback` (a server error, whose text is not for users).
 */
export function SaveError({
  error,
  title,
  fallback,
  fieldName = (field) => field,
}: {
  error: unknown;
  title: string;
  fallback: string;
  /** a field's name as the form labels it */
  fieldName?(field: string): string;
}) {
  const details = error instanceof ApiError ? Object.entries(error.details ?? {}) : [];
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{title}</AlertTitle>
      {details.length ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {details.map(([field, messages]) => (
            <li key={field}>
              {fieldName(field)}: {messages.join(' ')}
            </li>
          ))}
        </Box>
      ) : (
        refusalText(error, fallback)
      )}
    </Alert>
  );
}
