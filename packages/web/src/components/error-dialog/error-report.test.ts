import { describe, expect, it } from 'vitest';
import { errorReportFileName, moduleOf, renderErrorReport, type RaisedReport } from './error-report.ts';

const AT = new Date('2026-11-20T10:15:30.250Z');
const report: RaisedReport = {
  type: 'error',
  code: '#500',
  title: 'Internal Server Error',
  details: 'The server could not save the user',
  module: 'profile',
  at: AT,
};

describe('error report file', () => {
  it('is named from the type, the ISO timestamp without ":" and the code without "#"', () => {
    expect(errorReportFileName(report, AT)).toBe('error-2026-11-20T101530.250Z-500.txt');
    expect(errorReportFileName({ type: 'warning', code: '#W12' }, AT)).toBe('warning-2026-11-20T101530.250Z-W12.txt');
  });

  it('keeps the name safe when a code holds other characters', () => {
    expect(errorReportFileName({ type: 'error', code: 'a/b c' }, AT)).toBe('error-2026-11-20T101530.250Z-a-b-c.txt');
    expect(errorReportFileName({ type: 'error', code: '#' }, AT)).toBe('error-2026-11-20T101530.250Z-unknown.txt');
  });

  it('takes the module from the first path segment of the address', () => {
    expect(moduleOf('/safety-state/root/dam')).toBe('safety-state');
    expect(moduleOf('/profile')).toBe('profile');
    expect(moduleOf('/')).toBe('root');
  });

  it('holds module, project, date, versions, client and details', () => {
    const text = renderErrorReport(report, {
      project: 'Cerro Azul Tailings Storage Facility',
      versions: [
        { file: '/version.json', content: { version: '1.2.0' } },
        { file: '/overall_version.json', content: undefined },
      ],
      client: { userAgent: 'TestBrowser/1.0', language: 'pt-BR', screen: '1920x1080', viewport: '1280x800' },
    });
    expect(text).toContain('code: #500');
    expect(text).toContain('module: profile');
    expect(text).toContain('project: Cerro Azul Tailings Storage Facility');
    expect(text).toContain('date: 2026-11-20T10:15:30.250Z');
    expect(text).toContain('  /version.json: {"version":"1.2.0"}');
    expect(text).toContain('  /overall_version.json: not available');
    expect(text).toContain('  user agent: TestBrowser/1.0');
    expect(text).toContain('  language: pt-BR');
    expect(text).toContain('  screen: 1920x1080');
    expect(text).toMatch(/details:\nThe server could not save the user\n$/);
  });

  it('says so when nobody is signed in', () => {
    const text = renderErrorReport(report, {
      project: undefined,
      versions: [],
      client: { userAgent: 'x', language: 'en', screen: '1x1', viewport: '1x1' },
    });
    expect(text).toContain('project: not signed in');
  });
});
