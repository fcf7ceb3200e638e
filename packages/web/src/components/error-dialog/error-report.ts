import { fileTimestamp } from '../export-dialog/file-name.ts';

/** An error or warning to show (requirements#shell-screens error dialog). */
export interface ErrorReport {
  type: 'error' | 'warning';
  /** e.g. "#500" */
  code: string;
  title: string;
  details: string;
}

/** A report as the dialog holds it: where and when it happened. */
export interface RaisedReport extends ErrorReport {
  /** the module: the first path segment of the address when the report was raised */
  module: string;
  at: Date;
}

/** What the diagnostic file says besides the report itself. */
export interface Diagnostics {
  /** the current project's name, undefined before sign-in */
  project: string | undefined;
  /** each version file and what it holds, undefined when it could not be read */
  versions: readonly { file: string; content: unknown }[];
  client: { userAgent: string; language: string; screen: string; viewport: string };
}

/** The module of an address: its first path segment (requirements#shell-screens), "root" for "/". */
export function moduleOf(pathname: string): string {
  return pathname.split('/')[1] || 'root';
}

/** `${type}-${timestamp}-${code}.txt`: ISO timestamp without ':', code without '#'. */
export function errorReportFileName(report: Pick<ErrorReport, 'type' | 'code'>, at: Date): string {
  const code = report.code.replaceAll('#', '').replace(/[^\w.-]+/g, '-') || 'unknown';
  return `${report.type}-${fileTimestamp(at)}-${code}.txt`;
}

function versionText(content: unknown): string {
  if (content === undefined || content === null) return 'not available';
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/**
 * The diagnostic text file. Its labels stay in English whatever the interface language: it is read
 * by support staff and by tools, not shown in the interface.
 */
export function renderErrorReport(report: RaisedReport, diagnostics: Diagnostics): string {
  const lines = [
    `Vigil ${report.type} report`,
    '',
    `type: ${report.type}`,
    `code: ${report.code}`,
    `title: ${report.title}`,
    `module: ${report.module}`,
    `project: ${diagnostics.project ?? 'not signed in'}`,
    `date: ${report.at.toISOString()}`,
    '',
    'versions:',
    ...diagnostics.versions.map((v) => `  ${v.file}: ${versionText(v.content)}`),
    '',
    'client:',
    `  user agent: ${diagnostics.client.userAgent}`,
    `  language: ${diagnostics.client.language}`,
    `  screen: ${diagnostics.client.screen}`,
    `  window: ${diagnostics.client.viewport}`,
    '',
    'details:',
    report.details || '(none)',
    '',
  ];
  return lines.join('\n');
}
