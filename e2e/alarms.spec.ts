import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { auth } from './support/api.ts';
import { createPiezometer } from './support/devices.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { afterSnackbars, drawerItem, ingest, openDrawer, OUSE } from './support/notifications.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, createProjectUser, openShell } from './support/shell.ts';

/**
 * Issue 20: alarms an operator can trust. Each test raises the alarms of a piezometer of its own in
 * Ouse (tip 100 m, warning 110 m, critical 115 m), away from the Cerro Azul notification tests.
 */
const ALARMS = '/rules-engine/api/v1/alarms';

test.describe.configure({ timeout: 90_000 });

const levelReading = (eid: string, level: number, minutesAgo = 0) => ({
  eid,
  read_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  raw_metrics: { pressure: Number(((level - 100) * 9.8068).toFixed(4)) },
});

interface AlarmBody {
  id: string;
  state: string;
  occurrence_count: number;
  acknowledged: { by: string; comment: string } | null;
  shelved: { by: string; reason: string; until: string } | null;
  source: string;
}

async function alarmsOf(request: APIRequestContext, token: string, deviceId: string): Promise<AlarmBody[]> {
  const response = await request.get(`${ALARMS}?scope=all&monitored_entity_id=${deviceId}`, { headers: auth(token) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).objects;
}

/** The ids and count of the project's alarms awaiting an acknowledgement, as the API answers. */
async function waitingAlarms(request: APIRequestContext, token: string) {
  const response = await request.get(`${ALARMS}?scope=waiting&paginate_by=500`, { headers: auth(token) });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { count: number; objects: AlarmBody[] };
  return { count: body.count, ids: body.objects.map((a) => a.id) };
}

/** The top bar's count of alarms awaiting an acknowledgement (a dialog open above hides it from the accessibility tree). */
async function waitingOnBadge(page: Page): Promise<number> {
  const name = await page
    .getByRole('button', { name: /^Alarms awaiting acknowledgement: \d+$/, includeHidden: true })
    .getAttribute('aria-label');
  return Number(/(\d+)$/.exec(name ?? '')?.[1]);
}

test('an operator acknowledges a breach from the notification detail with a comment; the badge and the list follow', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, OUSE);
  const user = await createProjectUser(request, admin.token, `ack-${Date.now().toString(36)}`);
  const device = await createPiezometer(request, admin.token, 'Acknowledged piezometer');
  await ingest(request, admin.token, [levelReading(device.eid, 105, 30)]);
  await openShell(page, user.username, '/notifications', user.password);

  await ingest(request, admin.token, [levelReading(device.eid, 116.5)]);
  const text = `Piezometric level reached its critical upper limit`;
  // An alarm that needs action raises its snackbar and counts on the badge. Other tests raise
  // alarms in the project meanwhile: the badge is checked against the API's count, and this alarm
  // against the API's list.
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
  const [raised] = await alarmsOf(request, admin.token, device.id);
  const badgeFollows = (waiting: boolean) =>
    expect
      .poll(async () => {
        const api = await waitingAlarms(request, admin.token);
        return { badgeShowsApi: (await waitingOnBadge(page)) === api.count, waiting: api.ids.includes(raised!.id) };
      })
      .toEqual({ badgeShowsApi: true, waiting });
  await badgeFollows(true);

  await openDrawer(page);
  await drawerItem(page, new RegExp(text)).filter({ hasText: device.title }).first().click();
  const detail = page.getByRole('dialog', { name: text });
  const alarm = detail.getByRole('region', { name: 'Alarm' });
  await expect(alarm.getByText('Active, unacknowledged')).toBeVisible();
  await expect(alarm).toContainText(`${device.title} · Metric limits`);
  await expect(alarm).toContainText('TARP red');
  await afterSnackbars(page);
  await saveDialogScreens(page, 'alarms-notification-detail', alarm);

  await alarm.getByRole('button', { name: 'Acknowledge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Acknowledge alarm' });
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(dialog.getByText('A comment is required')).toBeVisible();
  const comment = 'Level confirmed with a dip meter; crest and toe inspected, no seepage';
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(dialog).toBeHidden();
  await expect(alarm.getByText('Active, acknowledged')).toBeVisible();
  await expect(alarm).toContainText(`Acknowledged by ${user.username}: “${comment}”`);
  await badgeFollows(false);

  const [stored] = await alarmsOf(request, admin.token, device.id);
  expect(stored).toMatchObject({ state: 'active_acknowledged', acknowledged: { by: user.username, comment } });

  // The alarm list shows it among the active ones, with its history.
  await detail.getByRole('link', { name: 'Open in alarms' }).click();
  const opened = page.getByRole('dialog', { name: `${device.title} · Metric limits` });
  // The alarms page is a chunk of its own: on a busy machine it takes a while the first time.
  await expect(opened.getByRole('region', { name: 'History' })).toContainText(`Acknowledged · ${user.username}`, {
    timeout: 30_000,
  });
  await expect(opened.getByRole('region', { name: 'Required actions of Red' })).toContainText(
    'Inform the engineer of record',
  );
  await opened.getByRole('checkbox', { name: /^Inform the engineer of record/ }).check();
  await expect(opened.getByRole('region', { name: 'History' })).toContainText('Action done');
  await saveDialogScreens(page, 'alarms-detail');
  await opened.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByRole('list', { name: 'Alarms' }).getByRole('listitem', { name: `${device.title} · Metric limits` }),
  ).toContainText('Active, acknowledged');
});

test('an operator shelves an alarm from the list with a reason; it counts no more, and unshelving brings it back', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, OUSE);
  const user = await createProjectUser(request, admin.token, `shelve-${Date.now().toString(36)}`);
  const device = await createPiezometer(request, admin.token, 'Shelved piezometer');
  await ingest(request, admin.token, [levelReading(device.eid, 105, 30)]);
  await ingest(request, admin.token, [levelReading(device.eid, 111)]);
  await expect.poll(async () => (await alarmsOf(request, admin.token, device.id)).length).toBe(1);
  const title = `${device.title} · Metric limits`;
  await openShell(page, user.username, '/alarms', user.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Alarms' })).toBeVisible();
  const row = page.getByRole('list', { name: 'Alarms' }).getByRole('listitem', { name: title });
  await expect(row).toContainText('Active, unacknowledged');
  await expect(row).toContainText('Warning');
  await expect(row).toContainText('TARP amber');
  const [alarm] = await alarmsOf(request, admin.token, device.id);
  const badgeFollows = (waiting: boolean) =>
    expect
      .poll(async () => {
        const api = await waitingAlarms(request, admin.token);
        return { badgeShowsApi: (await waitingOnBadge(page)) === api.count, waiting: api.ids.includes(alarm!.id) };
      })
      .toEqual({ badgeShowsApi: true, waiting });
  await badgeFollows(true);
  await afterSnackbars(page);
  await saveScreens(page, 'alarms-list');

  await row.getByRole('button', { name: 'Shelve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Shelve alarm' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Cable to the logger cut by the contractor; repair today');
  await dialog.getByRole('combobox', { name: 'For' }).click();
  await page.getByRole('option', { name: '4 hours', exact: true }).click();
  await dialog.getByRole('button', { name: 'Shelve' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Shelved', { exact: true })).toBeVisible();
  await badgeFollows(false);
  const [shelved] = await alarmsOf(request, admin.token, device.id);
  expect(shelved!.shelved).toMatchObject({ by: user.username, reason: expect.stringContaining('contractor') });
  expect(Date.parse(shelved!.shelved!.until) - Date.now()).toBeGreaterThan(3.9 * 3_600_000);

  // Shelved alarms can be listed on their own.
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Awaiting acknowledgement' }).click();
  await expect(row).toBeHidden();

  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Open (active or unacknowledged)' }).click();
  await row.getByRole('button', { name: 'Unshelve', exact: true }).click();
  await expect(row.getByText('Shelved', { exact: true })).toBeHidden();
  await badgeFollows(true);
});

test('the alarm performance report shows the figures the API answers', async ({ page, request }) => {
  const admin = await adminIn(request, OUSE);
  const user = await createProjectUser(request, admin.token, `report-${Date.now().toString(36)}`);
  const device = await createPiezometer(request, admin.token, 'Reported piezometer');
  // Two raises and a clear of one alarm (back below the limit for the 5-minute off-delay).
  for (const [level, minutesAgo] of [
    [105, 40],
    [111, 30],
    [116, 20],
    [104, 10],
    [104, 2],
  ] as const)
    await ingest(request, admin.token, [levelReading(device.eid, level, minutesAgo)]);
  await expect
    .poll(async () => (await alarmsOf(request, admin.token, device.id)).map((a) => [a.state, a.occurrence_count]))
    .toEqual([['cleared_unacknowledged', 2]]);
  const answered = page.waitForResponse(/\/rules-engine\/api\/v1\/alarm-report\?/);
  await openShell(page, user.username, '/alarms?tab=report', user.password);
  await expect(page.getByRole('tab', { name: 'Performance', selected: true })).toBeVisible();
  const perHour = page.getByRole('group', { name: 'Alarms per hour' });
  await expect(perHour).toBeVisible();

  // What the API answered the page, for the last 24 hours (other tests raise alarms meanwhile).
  const response = await answered;
  expect(response.ok()).toBe(true);
  const period = new URL(response.url()).searchParams;
  expect(Date.parse(period.get('to')!) - Date.parse(period.get('from')!)).toBe(24 * 3_600_000);
  const report = await response.json();
  expect(report.raised).toBeGreaterThanOrEqual(2);
  const figure = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  await expect(perHour).toContainText(figure(report.alarms_per_hour));
  await expect(page.getByRole('group', { name: 'Alarms raised' })).toContainText(figure(report.raised, 0));
  await expect(page.getByRole('group', { name: 'Busiest 10 minutes' })).toContainText(
    figure(report.peak_10_minutes.count, 0),
  );
  await expect(page.getByRole('group', { name: 'Time in flood' })).toContainText(
    `${figure(report.flood_share * 100)} %`,
  );
  const top = page.getByRole('table', { name: 'Most frequent alarms' });
  await expect(top.getByRole('row')).toHaveCount(report.top_sources.length + 1);
  await expect(top.getByRole('row').nth(1)).toContainText(String(report.top_sources[0].count));
  await afterSnackbars(page);
  await saveScreens(page, 'alarms-report');
});
