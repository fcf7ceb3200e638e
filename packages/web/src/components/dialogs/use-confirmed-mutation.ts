import type { UseMutationResult } from '@tanstack/react-query';
import { useSnackbar } from '../snackbars/snackbars.ts';
import { useState } from 'react';

interface ConfirmedMutationOptions<T> {
  /** run with the subject's id once confirmed */
  mutation: UseMutationResult<unknown, Error, string>;
  /** the message once done */
  done(subject: T): string;
  /** what else follows success, before the question closes */
  onDone?(subject: T): void;
}

/**
 * Asking before a mutation that cannot be undone on one subject (a deletion, a revocation): `ask`
 * opens the question; `dialogProps` drive a `ConfirmDialog` that runs the mutation, says so once done
 * and closes, or stays open on a failure. Closing forgets the failure.
 */
export function useConfirmedMutation<T extends { id: string }>({
  mutation,
  done,
  onDone,
}: ConfirmedMutationOptions<T>) {
  const { enqueueSnackbar } = useSnackbar();
  const [subject, setSubject] = useState<T | null>(null);
  const close = () => {
    mutation.reset();
    setSubject(null);
  };
  const confirm = () =>
    subject &&
    mutation.mutate(subject.id, {
      onSuccess: () => {
        enqueueSnackbar(done(subject), { variant: 'success' });
        onDone?.(subject);
        close();
      },
    });
  return {
    /** what is asked about, null while nothing is */
    subject,
    ask: setSubject,
    dialogProps: { open: Boolean(subject), pending: mutation.isPending, onClose: close, onConfirm: confirm },
  };
}
