import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, auth } from './support/api.ts';
import { createPiezometer } from './support/devices.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { afterSnackbars, OUSE } from './support/notifications.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, createProjectUser, openShell } from './support/shell.ts';

/**
 * Latest data entry (issue 22): a field round typed by an operator, checked as it is typed, kept in
 * the browser, then sent through ingest as manual readings of one data session. Each test reads
 * piezometers of its own in Ouse (tip 100 m, warning 110 m, critical 115 m).
 */
test.describe.configure({ timeout: 120_000 });

/** The pressure, as typed with two decimals, that gives a piezometric level of `level` metres. */
const pressureFor = (level: number) => ((level - 100) * 9.8068).toFixed(2);
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const deviceCard = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const pressureOf = (page: Page, title: string) => deviceCard(page, title).getByRole('textbox', { name: 'Pressure' });

async function addDevice(page: Page, device: { eid: string; title: string }) {
  const picker = page.getByRole('combobox', { name: 'Add a device' });
  await picker.fill(device.eid);
  await page.getByRole('option', { name: new RegExp(device.title) }).click();
  await expect(deviceCard(page, device.title)).toBeVisible();
}

async function threePiezometers(request: APIRequestContext, token: string) {
  const run = stamp();
  return [
    await createPiezometer(request, token, `Dip ${run} PZ-A`),
    await createPiezometer(request, token, `Dip ${run} PZ-B`),
    await createPiezometer(request, token, `Dip ${run} PZ-C`),
  ];
}

test('a round of three piezometers warns of a critical level before submit, survives a reload, and goes through ingest as manual readings that raise a limit notification', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, OUSE);
  const user = await createProjectUser(request, admin.token, `round-${stamp()}`);
  const [a, b, c] = await threePiezometers(request, admin.token);
  const { token } = await apiLogin(request, user.username, user.password);
  await openShell(page, user.username, '/data-entry', user.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Latest data entry' })).toBeVisible();
  await expect(page.getByText('Start a round')).toBeVisible();

  for (const device of [a!, b!, c!]) await addDevice(page, device);
  await pressureOf(page, a!.title).fill(pressureFor(105));
  await pressureOf(page, b!.title).fill(pressureFor(108).replace('.', ','));

  // A reload in the middle of the round keeps every device and value typed.
  await page.reload();
  await expect(pressureOf(page, a!.title)).toHaveValue(pressureFor(105));
  await expect(pressureOf(page, b!.title)).toHaveValue(pressureFor(108).replace('.', ','));
  await expect(deviceCard(page, c!.title)).toBeVisible();

  // Each value is checked as it is typed: impossible, then beyond the critical limit.
  const cPressure = pressureOf(page, c!.title);
  await cPressure.fill('12..5');
  await expect(deviceCard(page, c!.title).getByText('Enter a number')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit round' })).toBeDisabled();
  await cPressure.fill(pressureFor(116.5));
  const warning = deviceCard(page, c!.title).getByRole('status');
  await expect(warning).toContainText('Critical limit reached: check the reading before you submit it');
  await expect(warning).toContainText('Piezometric level 116.5 m reaches the critical limit of 115.0 m');
  await expect(deviceCard(page, a!.title).getByRole('status')).toHaveCount(0);
  const round = page.getByRole('region', { name: 'Round', exact: true });
  await expect(round).toContainText('3 readings to send · 1 beyond a critical limit');
  await expect(round).toContainText('Ready to submit.');
  // the viewport, as a technician sees it, scrolled to the end: the round's bar follows the last device
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await saveDialogScreens(page, 'data-entry-warning', deviceCard(page, c!.title));

  await page.getByRole('button', { name: 'Submit round' }).click();
  await expect(page.getByText('Round submitted')).toBeVisible();
  await expect(page.getByText(/^3 readings stored in “Round of /)).toBeVisible();

  // The metrics API returns the readings, each marked manual with who entered it.
  const ids = [a!, b!, c!].map((d) => d.id);
  const readings = await request.get(
    `/metrics-provider/api/v1/metrics/?monitored_entity_ids=${ids.join(',')}&ordering=-read_at`,
    { headers: auth(token) },
  );
  expect(readings.ok(), await readings.text()).toBe(true);
  const objects = (await readings.json()).objects as Array<{
    monitored_entity_id: string;
    source: string;
    manual: { entered_by: string; data_session: string } | null;
    raw_metrics: { pressure: number };
    calculated_metrics: { piezometric_level: number };
  }>;
  expect(objects).toHaveLength(3);
  for (const reading of objects) {
    expect(reading.source).toBe('manual');
    expect(reading.manual?.entered_by).toBe(user.username);
  }
  expect(new Set(objects.map((r) => r.manual!.data_session)).size).toBe(1);
  const critical = objects.find((r) => r.monitored_entity_id === c!.id)!;
  expect(critical.raw_metrics.pressure).toBe(Number(pressureFor(116.5)));
  expect(critical.calculated_metrics.piezometric_level).toBeCloseTo(116.5, 2);

  // They were evaluated like any reading: the critical level raised a limit notification.
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `/notifications-async/api/v1/notifications/?extra.monitored_entity.id=${c!.id}&extra.event_type=metric_limit_reached`,
          { headers: auth(token) },
        );
        expect(response.ok(), await response.text()).toBe(true);
        return ((await response.json()).objects as Array<{ level: string }>).map((n) => n.level);
      },
      { timeout: 30_000, message: 'a limit notification for the critical reading' },
    )
    .toContain('critical');

  // The session holds the three readings; one is corrected, and its history keeps the old value.
  await page.getByRole('link', { name: 'Open the session' }).click();
  await expect(page).toHaveURL(/\/journal-manager\?tab=dataSessions&session=/);
  const session = page.getByRole('dialog', { name: /^Round of / });
  const sessionReadings = session.getByRole('list', { name: 'Readings' }).getByRole('listitem');
  await expect(sessionReadings).toHaveCount(3);
  await expect(session).toContainText('Submitted');
  await expect(session.getByRole('listitem', { name: a!.title })).toContainText(`Entered by ${user.username}`);
  await afterSnackbars(page);
  await saveDialogScreens(page, 'data-sessions-readings');

  await session.getByRole('listitem', { name: a!.title }).getByRole('button', { name: 'Correct' }).click();
  const correct = page.getByRole('dialog', { name: `Correct the reading of ${a!.title}` });
  await correct.getByRole('textbox', { name: 'Pressure' }).fill(pressureFor(106));
  await correct.getByRole('button', { name: 'Correct reading' }).click();
  await expect(correct.getByText('Say why the reading is corrected')).toBeVisible();
  await correct.getByRole('textbox', { name: 'Reason' }).fill('Dip meter tape misread by a metre');
  await correct.getByRole('button', { name: 'Correct reading' }).click();
  await expect(correct).toBeHidden();
  await session.getByRole('listitem', { name: a!.title }).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: /^History of the manual reading/ });
  const records = history.getByRole('list', { name: 'History of the manual reading' }).getByRole('listitem');
  await expect(records).toHaveCount(2);
  await expect(records.first()).toContainText(`Corrected by ${user.username}`);
  await expect(records.first()).toContainText('Pressure: 49.03 kPa → 58.84 kPa');
  await expect(records.first()).toContainText('Reason: Dip meter tape misread by a metre');
  await expect(records.last()).toContainText(`Entered by ${user.username}`);
  await afterSnackbars(page);
  await saveDialogScreens(page, 'data-sessions-reading-history');
  await history.getByRole('button', { name: 'Close' }).click();
  await session.getByRole('button', { name: 'Close' }).click();
  await saveScreens(page, 'data-sessions');

  // The entity dashboard marks the manual reading, with who entered it and its history.
  await page.goto(`/safety-state/device/instrument/${c!.id}`);
  const latest = page.getByRole('region', { name: 'Latest readings' });
  const chip = latest.getByRole('button', { name: new RegExp(`^Manual reading: Entered by ${user.username}`) });
  await expect(chip).toBeVisible();
  await saveScreens(page, 'entity-manual-reading', latest);
  await chip.click();
  await expect(page.getByRole('dialog', { name: /^History of the manual reading/ })).toContainText(
    `Pressure: ${pressureFor(116.5)} kPa`,
  );
});

test('a value that is not a number stops the submission, and discarding empties the round for good', async ({
  page,
  request,
}) => {
  const admin = await adminIn(request, OUSE);
  const user = await createProjectUser(request, admin.token, `round-${stamp()}`);
  const [device] = await threePiezometers(request, admin.token);
  await openShell(page, user.username, '/data-entry', user.password);
  await addDevice(page, device!);
  await pressureOf(page, device!.title).fill('60');
  await expect(page.getByRole('button', { name: 'Submit round' })).toBeEnabled();
  await pressureOf(page, device!.title).fill('abc');
  await expect(deviceCard(page, device!.title)).toContainText('Enter a number');
  await expect(page.getByRole('region', { name: 'Round', exact: true })).toContainText(
    `Correct the values of ${device!.title}.`,
  );

  await page.getByRole('button', { name: 'Discard round' }).click();
  await page
    .getByRole('dialog', { name: 'Discard this round?' })
    .getByRole('button', { name: 'Discard round' })
    .click();
  await expect(page.getByText('Start a round')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Start a round')).toBeVisible();
  await saveScreens(page, 'data-entry-empty');
});
