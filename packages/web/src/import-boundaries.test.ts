import { ESLint } from 'eslint';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository's own lint set-up (eslint.config.js), run on code that breaks or keeps the web app's
// import direction (app → features → components and session → api → @vigil/domain) and on import cycles.
const ROOT = resolve(import.meta.dirname, '../../..');
// `ignore: false` so that lint/fixtures/, which the tree's lint skips, is linted here
const eslint = new ESLint({ cwd: ROOT, ignore: false });

/** The problems ESLint reports for `code` as if it were the file at `path` (relative to the repository). */
async function problems(code: string, path: string) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

async function problemsOfFile(path: string) {
  const [result] = await eslint.lintFiles([join(ROOT, path)]);
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

const BOUNDARY = 'import-x/no-restricted-paths';
const CYCLE = 'vigil/no-import-cycle';

describe('import boundaries of the web app', { timeout: 120_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const found = await problems(
      "export { UsersPage } from '../users/users-page.tsx';\n",
      'packages/web/src/features/roles/boundary-fixture.ts',
    );
    expect(found).toContainEqual({ rule: BOUNDARY, message: expect.stringContaining('../users/users-page.tsx') });
  });

  it('refuses a feature importing the app', async () => {
    const found = await problems(
      "export { defaultLanding } from '../../app/landing.ts';\n",
      'packages/web/src/features/roles/boundary-fixture.ts',
    );
    expect(found.map((p) => p.rule)).toContain(BOUNDARY);
  });

  it('refuses components importing the app', async () => {
    const found = await problems(
      "export { defaultLanding } from '../../app/landing.ts';\n",
      'packages/web/src/components/dates/boundary-fixture.ts',
    );
    expect(found).toContainEqual({ rule: BOUNDARY, message: expect.stringContaining('../../app/landing.ts') });
  });

  it('refuses components importing a feature', async () => {
    const found = await problems(
      "export { RolesPage } from '../../features/roles/roles-page.tsx';\n",
      'packages/web/src/components/dates/boundary-fixture.ts',
    );
    expect(found.map((p) => p.rule)).toContain(BOUNDARY);
  });

  it('lets a feature import itself, components, api, the session and @vigil/domain', async () => {
    const found = await problems(
      [
        "export { RolesPage } from './roles-page.tsx';",
        "export { formatDisplayDate } from '../../components/dates/display-date.ts';",
        "export { api } from '../../api/client.ts';",
        "export { useSession } from '../../session/session-context.ts';",
        "export { ALARM_STATES } from '@vigil/domain';",
        '',
      ].join('\n'),
      'packages/web/src/features/roles/boundary-fixture.ts',
    );
    expect(found.filter((p) => p.rule === BOUNDARY || p.rule === CYCLE)).toEqual([]);
  });
});

describe('import cycles', { timeout: 120_000 }, () => {
  it('refuses two files importing each other', async () => {
    const found = await problemsOfFile('lint/fixtures/cycle-a.ts');
    expect(found).toContainEqual({
      rule: CYCLE,
      message: 'Import cycle: lint/fixtures/cycle-a.ts → lint/fixtures/cycle-b.ts → lint/fixtures/cycle-a.ts',
    });
  });

  it('refuses a cycle made only of type imports', async () => {
    const found = await problemsOfFile('lint/fixtures/type-cycle-b.ts');
    expect(found.map((p) => p.rule)).toContain(CYCLE);
  });
});
