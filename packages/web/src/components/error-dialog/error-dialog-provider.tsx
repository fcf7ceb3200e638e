import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { moduleOf, type ErrorReport, type RaisedReport } from './error-report.ts';

export type { ErrorReport } from './error-report.ts';

/** Loaded when a first report is raised: no page waits for the dialog's code. */
const ErrorDialog = lazy(async () => ({ default: (await import('./error-dialog.tsx')).ErrorDialog }));

interface ErrorDialogApi {
  show(report: ErrorReport): void;
}

const ErrorDialogContext = createContext<ErrorDialogApi>({ show: () => undefined });

const sameReport = (a: ErrorReport, b: ErrorReport) =>
  a.type === b.type && a.code === b.code && a.title === b.title && a.details === b.details;

/**
 * Shows error and warning reports one at a time, in the order raised. A report equal to one already
 * waiting is dropped: several calls failing for one cause ask for one Dismiss, not many.
 */
export function ErrorDialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<RaisedReport[]>([]);
  // The last report stays on screen while the dialog fades out after Dismiss.
  const lastShown = useRef<RaisedReport | undefined>(undefined);

  const show = useCallback((report: ErrorReport) => {
    // The module is where the user was when it happened, not where they are when they press Send.
    const raised = { ...report, module: moduleOf(window.location.pathname), at: new Date() };
    setQueue((current) => (current.some((r) => sameReport(r, report)) ? current : [...current, raised]));
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  const dismiss = useCallback(() => setQueue((current) => current.slice(1)), []);

  const current = queue[0];
  if (current) lastShown.current = current;

  return (
    <ErrorDialogContext.Provider value={api}>
      {children}
      {/* Mounted once there is a report: an idle boundary would still delay the app's first content. */}
      {lastShown.current && (
        <Suspense fallback={null}>
          <ErrorDialog
            key={lastShown.current.at.getTime()}
            report={current ?? lastShown.current}
            open={Boolean(current)}
            position={{ index: 1, total: queue.length }}
            onDismiss={dismiss}
          />
        </Suspense>
      )}
    </ErrorDialogContext.Provider>
  );
}

/** Opens the error dialog: `useErrorDialog().show({ type, code, title, details })`. */
export const useErrorDialog = () => useContext(ErrorDialogContext);
