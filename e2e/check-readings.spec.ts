import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, auth } from './support/api.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { CERRO_AZUL, OUSE } from './support/notifications.ts';
import { ownServer } from './support/own-server.ts';
import { adminIn, openShell } from './support/shell.ts';

// Check readings (issue 34, ADR 0042) need the loggers' readings beside the demo's hand round: a server
// of this test's own writes a few days of demo history (the run's shared one writes none).
const server = ownServer(43, { DEMO_HISTORY: 'on', DEMO_HISTORY_DAYS: '5', SIMULATOR: 'off' });
// Both sites' piezometers send digits: their rounds are taken with a hand-held readout at the terminal boxes.
const ROUND = 'Readout round, PZ-02 to PZ-04';

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start({ fresh: true });
});
test.afterAll(async () => server.stop());

/** Waits until the history has reached the round: every hand reading then has its logger reading. */
async function roundChecked(request: APIRequestContext, token: string, title: string) {
  const sessions = await request.get('/inmt-journal/api/v1/data-sessions', { headers: auth(token) });
  expect(sessions.ok()).toBe(true);
  const round = ((await sessions.json()) as { objects: Array<{ id: string; title: string }> }).objects.find(
    (s) => s.title === title,
  )!;
  expect(round).toBeDefined();
  await expect
    .poll(
      async () => {
        const res = await request.get(`/ingest/api/v1/manual-readings/checks?data_session=${round.id}`, {
          headers: auth(token),
        });
        const body = (await res.json()) as { objects: Array<{ logger_read_at: string | null }> };
        return body.objects.filter((c) => c.logger_read_at).length;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(3);
}

test('Cerro Azul’s hand round shows each hand reading beside its logger’s, a few centimetres apart', async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const admin = await adminIn(context.request, CERRO_AZUL);
  await roundChecked(context.request, admin.token, ROUND);

  await openShell(page, 'operator', '/journal-manager?tab=dataSessions');
  await page.getByRole('button', { name: ROUND }).click();
  const dialog = page.getByRole('dialog', { name: ROUND });
  await expect(dialog).toBeVisible();
  const readings = dialog.getByRole('list', { name: 'Readings' }).getByRole('listitem');
  await expect(readings).toHaveCount(3);
  for (const eid of ['PZ-02', 'PZ-03', 'PZ-04']) {
    const check = readings.filter({ hasText: eid }).getByRole('group', { name: 'Check against the logger' });
    await expect(check.getByText(/^Logger reading at /)).toBeVisible();
    const level = check.getByText(/^Piezometric level: hand /);
    await expect(level).toHaveText(/hand [\d,]+\.\d\d m · logger [\d,]+\.\d\d m · difference [+−]?0\.\d\d m$/);
    const difference = Number(
      (await level.textContent())!
        .match(/difference ([+−]?0\.\d\d) m$/)![1]!
        .replace('−', '-')
        .replace('+', ''),
    );
    expect(Math.abs(difference), eid).toBeLessThan(0.1);
    // the pressure beside it, in its own unit
    await expect(
      check.getByText(/^Pore water pressure: hand .* kPa · logger .* kPa · difference .* kPa$/),
    ).toBeVisible();
  }
  await saveDialogScreens(page, 'check-readings', readings.first());
  await context.close();
});

test('a readout round of vibrating-wire piezometers is checked in digits, °C, kPa and metres', async ({ browser }) => {
  test.slow();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const { token, user_id: userId } = await apiLogin(context.request, 'admin');
  const projects = await context.request.get('/ui/api/v1/projects', { headers: auth(token) });
  const project = ((await projects.json()).objects as Array<{ id: string; name: string }>).find(
    (p) => p.name === OUSE,
  )!;
  const switched = await context.request.post('/auth/api/v1/users/switch-data-context/', {
    headers: auth(token),
    data: { data_context: project.id },
  });
  expect(switched.ok()).toBe(true);
  const admin = { token, userId, projectId: project.id };
  await roundChecked(context.request, admin.token, ROUND);

  // the administrator's session with Ouse as its current project, as the project switcher leaves it
  await page.goto('/favicon.svg');
  await page.evaluate((session) => localStorage.setItem('vigil.session', JSON.stringify(session)), {
    token: admin.token,
    userId: admin.userId,
    projectId: admin.projectId,
  });
  await page.goto('/journal-manager?tab=dataSessions');
  await expect(page.getByRole('banner').getByText(OUSE)).toBeVisible();
  await page.getByRole('button', { name: ROUND }).click();
  const dialog = page.getByRole('dialog', { name: ROUND });
  const readings = dialog.getByRole('list', { name: 'Readings' }).getByRole('listitem');
  await expect(readings).toHaveCount(3);
  for (const eid of ['PZ-02', 'PZ-03', 'PZ-04']) {
    const check = readings.filter({ hasText: eid }).getByRole('group', { name: 'Check against the logger' });
    const level = check.getByText(/^Piezometric level: hand /);
    await expect(level).toHaveText(/difference [+−]?0\.0\d m$/);
    await expect(
      check.getByText(/^Reading: hand [\d,]+\.\d digits · logger [\d,]+\.\d digits · difference/),
    ).toBeVisible();
  }
  await saveDialogScreens(page, 'check-readings-readout', readings.first());
  await context.close();
});
