import { expect, test, type Page } from '@playwright/test';
import { auth } from './support/api.ts';
import { createPiezometer } from './support/devices.ts';
import { afterSnackbars, CERRO_AZUL, ingest } from './support/notifications.ts';
import { savePdfPages } from './support/pdf-pages.ts';
import { saveFocusedScreens, saveScreens } from './support/screens.ts';
import { adminIn, mainMenu, openShell } from './support/shell.ts';

/** Issue 39: a manager builds a report template, generates this month's report, opens it and marks it reviewed; an administrator approves it. */
test.describe.configure({ timeout: 240_000 });

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();

const sectionsOf = (page: Page) => page.getByRole('list', { name: 'Sections', exact: true });

async function addSection(page: Page, kind: string) {
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${kind}`) }).click();
}

test('a manager builds a template, generates this month’s report, follows it, opens its PDF and marks it reviewed; an administrator approves it', async ({
  page,
  request,
}) => {
  const run = suffix();
  const admin = await adminIn(request, CERRO_AZUL);
  const device = await createPiezometer(request, admin.token, `Report piezometer ${run}`);
  // Two days of readings this month, below its limits: the PDF's chart draws a line.
  const monthStart = new Date(new Date().toISOString().slice(0, 8) + '01T00:00:00Z').getTime();
  const times = Array.from({ length: 48 }, (_, i) => Date.now() - i * 3_600_000).filter((t) => t >= monthStart);
  await ingest(
    request,
    admin.token,
    times.map((t, i) => ({
      eid: device.eid,
      read_at: new Date(t).toISOString(),
      raw_metrics: { pressure: (105 + 2 * Math.sin(i / 6)) * 9.8068 - 100 * 9.8068 },
    })),
  );
  const name = `Monthly dam report ${run}`;

  // The module of its own in the menu, for a manager.
  const manager = await openShell(page, 'manager', '/');
  await mainMenu(page).getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Monitoring reports' })).toBeVisible();

  // The builder: a new template starts with a site summary and the data completeness.
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('tabpanel', { name: 'Templates' }).getByRole('button', { name: 'New template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New report template' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  const sections = sectionsOf(page);
  await expect(sections.getByRole('listitem')).toHaveCount(2);
  await expect(sections.getByRole('listitem').nth(0)).toHaveAccessibleName('Section 1: Site summary');

  // A chart of the piezometer's level, as the dashboards' chart cards offer it.
  await addSection(page, 'Charts');
  const charts = sections.getByRole('listitem', { name: 'Section 3: Charts' });
  await charts.getByRole('combobox', { name: 'Devices' }).fill(device.title);
  await page.getByRole('option', { name: new RegExp(device.title) }).click();
  await charts.getByRole('combobox', { name: 'Metric' }).click();
  await page.getByRole('option', { name: 'Piezometric level (m)' }).click();
  await charts.getByRole('textbox', { name: 'Caption' }).fill('Crest piezometer level');

  // Alarms, and the engineer's observations: refused without a heading, with the schema's message.
  await addSection(page, 'Alarms and TARP actions');
  await addSection(page, 'Free text');
  const observations = sections.getByRole('listitem', { name: 'Section 5: Free text' });
  await observations.getByRole('textbox', { name: 'Text' }).fill('Crest settlement within expectations.');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(observations.getByText('Required.')).toBeVisible();
  await observations.getByRole('textbox', { name: 'Heading' }).fill('Engineer’s observations');

  // Reordered: the observations before the alarms.
  await page.getByRole('button', { name: 'Move section 5 (Free text) up' }).click();
  await expect(sections.getByRole('listitem').nth(3)).toHaveAccessibleName('Section 4: Free text');
  await expect(sections.getByRole('listitem').nth(3).getByRole('textbox', { name: 'Heading' })).toHaveValue(
    'Engineer’s observations',
  );

  // A recipient; a wrong address is refused until corrected.
  const recipients = page.getByRole('combobox', { name: 'Recipients' });
  await recipients.fill('engineer-of-record');
  await recipients.press('Enter');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(
    page.getByText('Some addresses are not e-mail addresses: correct or remove the red ones.'),
  ).toBeVisible();
  await recipients.press('Backspace');
  await recipients.fill('eor@example.com');
  await recipients.press('Enter');
  await page.mouse.move(0, 0);
  await saveFocusedScreens(page, 'reports-builder', charts);

  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByRole('tab', { name: 'Templates', selected: true })).toBeVisible();
  const templates = page.getByRole('list', { name: 'Report templates' });
  await expect(templates).toContainText(name);
  await expect(templates).toContainText('Monthly · 5 sections · on demand · 1 recipient');

  // This month's report, generated from the template's row.
  await templates.getByRole('button', { name: `Generate a report of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate a report' });
  await expect(dialog.getByRole('combobox', { name: 'Period' })).toHaveText('This month');
  // Every value its bar shows, however briefly: a quick report may be made between two looks of a poll.
  await page.evaluate((label) => {
    const seen: number[] = [];
    Object.assign(window, { progressSeen: seen });
    const record = () =>
      document
        .querySelectorAll(`[role="progressbar"][aria-label="${label}"]`)
        .forEach((bar) => seen.push(Number(bar.getAttribute('aria-valuenow') ?? 0)));
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  }, `Progress of ${name}`);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('tab', { name: 'Reports', selected: true })).toBeVisible();

  // Its progress while it is made, then its pages.
  const card = page.getByRole('article', { name }).first();
  await expect
    .poll(
      async () => {
        // Nothing here may wait for an element: the card's bar and status go as the report is done, and a
        // call waiting for one (getAttribute did) held the poll until its time-out, "71 %" its last answer.
        if (await card.getByText('Generated', { exact: true }).isVisible()) return 'generated';
        // Otherwise where it stands (queued, its progress, or the reason it failed), for the test's message.
        const [state = (await card.allTextContents()).join(' ')] = await card
          .getByRole('status')
          .or(card.getByRole('alert'))
          .allTextContents();
        return state;
      },
      { timeout: 180_000, intervals: [200] },
    )
    .toBe('generated');
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((value) => value >= 0 && value <= 100)).toBe(true);
  await expect(card).toContainText(/\d+ pages? · by manager/);
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();

  // The PDF, fetched with the session's token and shown in a tab of its own.
  const [pdf, popup] = await Promise.all([
    page.waitForResponse((r) => /\/reports\/[^/]+\/pdf$/.test(new URL(r.url()).pathname)),
    page.waitForEvent('popup'),
    card.getByRole('button', { name: 'Open PDF' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  // The tab shows the file the app fetched; the same address read again answers the PDF itself.
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();
  const file = await request.get(pdf.url(), { headers: auth(manager.token) });
  expect(file.headers()['content-type']).toContain('application/pdf');
  const bytes = await file.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
  // Its cover and the page of the piezometer's chart, as images for people to look at.
  const pageCount = Number((await card.textContent())?.match(/(\d+) pages? · by manager/)?.[1]);
  expect(savePdfPages(bytes, 'reports-pdf', pageCount, ['Crest piezometer level'])).toHaveLength(2);

  // Reviewed by the manager, who may not approve.
  await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Mark reviewed' }).click();
  const review = page.getByRole('dialog', { name: `Mark ${name} reviewed` });
  await review.getByRole('textbox', { name: 'Comment (optional)' }).fill('Figures checked against the logger.');
  await review.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(review).toBeHidden();
  await expect(card.getByText('Reviewed', { exact: true })).toBeVisible();
  const history = card.getByRole('list', { name: 'Review history' });
  await expect(history).toContainText('Reviewed by manager');
  await expect(history).toContainText('Figures checked against the logger.');
  await expect(card.getByRole('button', { name: 'Mark reviewed' })).toHaveCount(0);
  await afterSnackbars(page);
  await saveScreens(page, 'reports-list');

  // The administrator approves it: it says it can no longer change, and offers no further step.
  await openShell(page, 'admin', '/reports');
  const approved = page.getByRole('article', { name }).first();
  await approved.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: `Reject ${name}` });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Say why the report is rejected.')).toBeVisible();
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await approved.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${name}` });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(approved.getByText('Approved', { exact: true })).toBeVisible();
  await expect(approved).toContainText('Approved: this report can no longer change.');
  await expect(approved.getByRole('list', { name: 'Review history' })).toContainText('Approved by admin');
  for (const action of ['Mark reviewed', 'Approve', 'Reject'])
    await expect(approved.getByRole('button', { name: action })).toHaveCount(0);
  await expect(approved.getByRole('button', { name: 'Open PDF' })).toBeVisible();
  await afterSnackbars(page);
  await saveScreens(page, 'reports-approved', approved);
});
