import { expect, test } from '@playwright/test';
import { createPiezometer } from './support/devices.ts';
import { afterSnackbars, CERRO_AZUL } from './support/notifications.ts';
import { saveFocusedScreens, saveScreens } from './support/screens.ts';
import { adminIn, mainMenu, openShell } from './support/shell.ts';
import { toa5 } from './support/toa5.ts';

/** Issue 32: logger files imported through a saved profile, followed to their result and their chart. */
test.describe.configure({ timeout: 180_000 });

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();

/** Rows a minute apart up to ten minutes ago: enough that the import runs for some seconds. */
const ROWS = 60_000;
const FIELDS = [
  { name: 'BattV', unit: 'Volts', process: 'Min' },
  { name: 'Pz_kPa', unit: 'kPa', process: 'Smp' },
  { name: 'PTemp_C', unit: 'Deg C', process: 'Smp' },
];
/** A pressure that moves with the row; the last one is 49.034 kPa (5 m of water, below the limits). */
const pressure = (i: number) => Number((49.034 - (ROWS - 1 - i) * 0.0005).toFixed(4));

function loggerFile(station: string) {
  const end = Date.now() - 10 * 60_000;
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    at: new Date(end - (ROWS - 1 - i) * 60_000),
    values: [12.9, i === 5 ? ('NAN' as const) : pressure(i), 21.5] as Array<number | 'NAN'>,
  }));
  const text = toa5(station, FIELDS, rows);
  // A line cut short, as a card pulled during a write leaves: listed in the result and skipped.
  const lines = text.split('\r\n');
  lines.splice(12, 0, '"2000-01-01 00:00:00",7,12.9');
  return lines.join('\r\n');
}

test('a manager maps the columns of a TOA5 file, imports it, follows its progress and result, and sees the readings on the device’s chart', async ({
  page,
  request,
}) => {
  const run = suffix();
  const admin = await adminIn(request, CERRO_AZUL);
  const device = await createPiezometer(request, admin.token, `Import piezometer ${run}`);
  const station = `Crest_${run}`;
  const file = {
    name: `${station}_Table1.dat`,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(loggerFile(station)),
  };
  const profileName = `Crest logger ${run}`;

  // Under "Manual data entries" in the menu.
  await openShell(page, 'manager', '/');
  const group = mainMenu(page).getByRole('list', { name: 'Manual data entries' });
  await group.getByRole('link', { name: 'Data import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data import' })).toBeVisible();

  // A profile from a sample of the file: its columns with their TOA5 units, the device and metric picked beside one.
  await page.getByRole('tab', { name: 'Profiles' }).click();
  await page.getByRole('tabpanel', { name: 'Profiles' }).getByRole('button', { name: 'New profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New import profile' })).toBeVisible();
  await page.getByLabel('Sample file of the logger').setInputFiles(file);
  await expect(page.getByText(`TOA5 file of station ${station} (CR6), table Table1: 5 columns.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(profileName);
  const columns = page.getByRole('region', { name: 'Columns' });
  await expect(columns.getByRole('group')).toHaveCount(3);
  const pz = columns.getByRole('group', { name: 'Pz_kPa' });
  await expect(pz).toContainText('Pz_kPa (kPa)');
  await expect(pz).toContainText(`${pressure(0)} · ${pressure(1)} · ${pressure(2)}`);
  await expect(columns.getByRole('group', { name: 'PTemp_C' })).toContainText('(Deg C)');
  await pz.getByRole('combobox', { name: 'Device' }).fill(device.eid);
  await page.getByRole('option', { name: `${device.eid} · ${device.title}` }).click();
  // The scheme's one raw metric is picked at once.
  await expect(pz.getByRole('combobox', { name: 'Metric' })).toHaveText('Pressure (kPa)');
  await saveFocusedScreens(page, 'data-import-mapping', pz);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Profiles', selected: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Import profiles' })).toContainText(profileName);
  await expect(page.getByRole('list', { name: 'Import profiles' })).toContainText('columns mapped: 1');

  // The file imported with it: a progress bar while it runs, then its result.
  await page.getByRole('tab', { name: 'Import files' }).click();
  await page.getByRole('combobox', { name: 'Import profile' }).click();
  await page.getByRole('option', { name: new RegExp(`^${profileName}`) }).click();
  await page.getByLabel('Logger files to import').setInputFiles(file);
  const card = page.getByRole('listitem', { name: file.name });
  const bar = card.getByRole('progressbar', { name: `Progress of ${file.name}` });
  await expect(bar).toBeVisible();
  // Photographed as soon as it shows (queued, or already moving): a file this size takes seconds.
  await saveScreens(page, 'data-import-progress', card);
  // The bar follows rows_done of rows_total as the server counts them, to the whole file.
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        // waits for nothing (a waiting getAttribute holds the poll if the bar goes as the import ends)
        const [now] = await bar.evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('aria-valuenow'))));
        if (now === undefined) return (await card.getByText('Done', { exact: true }).isVisible()) ? 100 : -1;
        seen.push(now);
        return now;
      },
      { timeout: 120_000, intervals: [100] },
    )
    .toBe(100);
  expect(seen.every((value) => value >= 0 && value <= 100)).toBe(true);
  await expect(card.getByText('Done', { exact: true })).toBeVisible();
  await expect(card).toContainText(/[\d,]+ of [\d,]+ rows/);
  await expect(card).toContainText(/rows\/s/);

  const result = card.getByRole('region', { name: `Result of ${file.name}` });
  // Every row but the NAN one gives a reading; the cut line is listed with its number.
  await expect(result.getByRole('definition').first()).toHaveText((ROWS - 1).toLocaleString('en-US'));
  await expect(result).toContainText('Columns not mapped (not imported):');
  await expect(result).toContainText('BattV');
  await expect(result).toContainText('PTemp_C');
  await expect(result.getByRole('list', { name: 'Lines skipped and why' })).toContainText('Line 13:');
  await page.mouse.move(0, 0);
  await afterSnackbars(page);
  await saveScreens(page, 'data-import-result');

  // Past imports: who, when, which file, its counts.
  await page.getByRole('tab', { name: 'Past imports' }).click();
  const row = page.getByRole('row', { name: new RegExp(file.name.replace('.', '\\.')) });
  await expect(row).toContainText('manager');
  await expect(row).toContainText('Done');
  await saveScreens(page, 'data-import-history');

  // The readings on the device's chart: the newest is the file's last row.
  await page.getByRole('tab', { name: 'Import files' }).click();
  await result.getByRole('link', { name: `Chart of ${device.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: device.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Latest readings' })).toContainText(/49\.03/, { timeout: 30_000 });
  // 49.034 kPa over a tip at 100 m: a piezometric level of 105 m.
  const cards = page.getByRole('region', { name: `${device.title} · Piezometric level`, exact: true });
  await expect(cards.first()).toContainText('105');
  // the chart card: the imported weeks drawn on the app's canvas chart
  await expect(cards.last().locator('canvas').first()).toBeVisible();
});
