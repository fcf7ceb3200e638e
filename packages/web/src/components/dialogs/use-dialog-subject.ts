import { useState } from 'react';

/**
 * The subject a dialog shows: the last one given stays while the dialog closes (no blank flash),
 * and each opening gets a new key so the dialog's form starts afresh.
 */
export function useDialogSubject<T>(subject: T | null) {
  const [shown, setShown] = useState<{ subject: T; opening: number } | null>(null);
  if (subject && subject !== shown?.subject) setShown({ subject, opening: (shown?.opening ?? 0) + 1 });
  return shown && { subject: shown.subject, key: shown.opening };
}
