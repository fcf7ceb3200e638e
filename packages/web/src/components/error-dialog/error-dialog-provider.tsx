import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** An error or warning to show (spec 000 §2 error dialog). */
export interface ErrorReport {
  type: 'error' | 'warning';
  code: string;
  title: string;
  details: string;
}

interface ErrorDialogApi {
  show(report: ErrorReport): void;
}

const ErrorDialogContext = createContext<ErrorDialogApi>({ show: () => undefined });

export function ErrorDialogProvider({ children }: { children: ReactNode }) {
  const [, setReport] = useState<ErrorReport | null>(null);
  const api = useMemo(() => ({ show: setReport }), []);
  return <ErrorDialogContext.Provider value={api}>{children}</ErrorDialogContext.Provider>;
}

export const useErrorDialog = () => useContext(ErrorDialogContext);
