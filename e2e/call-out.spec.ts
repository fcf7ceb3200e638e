import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { ownServer } from './support/own-server.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { saveFocusedScreens, saveScreens } from './support/screens.ts';
import { openShell } from './support/shell.ts';

/**
 * Issue 38: a manager adds an e-mail contact and verifies it with the code a real SMTP server on
 * loopback received, creates a roster and a TARP policy, presses "Test an alarm", and the link of
 * the alarm e-mail acknowledges the test alarm, which the alarm's delivery log then shows.
 */

interface Received {
  to: string[];
  text: string;
}

/** The text of a message as sent: headers and body, quoted-printable soft breaks and escapes undone. */
function decoded(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // plain SMTP on loopback: no TLS to negotiate, no login
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decoded(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** The first message to `to` whose text matches `pattern`, once it has come, and the match. */
async function mailMatching(smtp: Smtp, to: string, pattern: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(
      () => {
        for (const mail of smtp.received) if (mail.to.includes(to)) found = pattern.exec(mail.text) ?? found;
        return Boolean(found);
      },
      { timeout: 30_000, message: `an e-mail to ${to} matching ${pattern}` },
    )
    .toBe(true);
  return found!;
}

const ADDRESS = 'priya.oncall@example.com';
const ROSTER = 'E2E night shift';
const POLICY = 'E2E red call-out';

/** A time a day ago as a datetime-local input takes it (the context's zone is UTC, so is the roster's). */
const yesterdayAtSeven = () => `${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T07:00`;

async function addAndVerifyContact(page: Page, smtp: Smtp) {
  const contacts = page.getByRole('region', { name: 'Contacts for alarms' });
  await expect(contacts.getByText('No contacts yet')).toBeVisible();
  await contacts.getByRole('button', { name: 'Add a contact' }).click();
  const add = page.getByRole('dialog', { name: 'Add a contact' });
  await add.getByRole('textbox', { name: 'E-mail address' }).fill('not an address');
  await add.getByRole('button', { name: 'Add and send the code' }).click();
  await expect(add.getByText('Enter an e-mail address')).toBeVisible();
  await add.getByRole('textbox', { name: 'E-mail address' }).fill(ADDRESS);
  await add.getByRole('button', { name: 'Add and send the code' }).click();

  const verify = page.getByRole('dialog', { name: 'Verify the contact' });
  await expect(verify.getByText(`A six-digit code was sent to ${ADDRESS}.`, { exact: false })).toBeVisible();
  const [, code] = await mailMatching(smtp, ADDRESS, /verification code is (\d{6})/);
  await verify.getByRole('textbox', { name: 'Code' }).fill(code!);
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(verify).toBeHidden();
  const row = contacts.getByRole('listitem', { name: ADDRESS });
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();
  await expect(row.getByText('No quiet hours: alarms reach this contact at any time.')).toBeVisible();
  return contacts;
}

async function createRoster(page: Page) {
  await page.getByRole('button', { name: 'New roster' }).click();
  const dialog = page.getByRole('dialog', { name: 'New roster' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(ROSTER);
  await dialog.getByRole('combobox', { name: 'Members' }).click();
  await page.getByRole('option', { name: /Priya/ }).click();
  await expect(dialog.getByRole('button', { name: /^1\. Priya/ })).toBeVisible();
  await dialog.getByLabel('First shift starts').fill(yesterdayAtSeven());
  await expect(dialog.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
  await dialog.getByRole('button', { name: 'Add an override' }).click();
  await saveDialogScreens(page, 'call-out-roster-dialog');
  await dialog.getByRole('button', { name: 'Remove override 1' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem', { name: ROSTER });
  await expect(card.getByText(/^On call now: Priya.* \(until .+\)$/)).toBeVisible();
}

async function createPolicy(page: Page) {
  await page.getByRole('group', { name: 'Policies of Red' }).getByRole('button', { name: 'New policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'New escalation policy' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(POLICY);
  const step = dialog.getByRole('group', { name: 'Step 1' });
  await step.getByRole('combobox', { name: /^Roster/ }).click();
  await page.getByRole('option', { name: ROSTER }).click();
  await expect(step.getByRole('checkbox', { name: 'e-mail' })).toBeChecked();
  await saveDialogScreens(page, 'call-out-policy-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: POLICY });
  await expect(card.getByText(`At once: the on-call person of ${ROSTER}, by e-mail`)).toBeVisible();
  return card;
}

test.describe('call-out through a real SMTP server', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let smtp: Smtp;
  let server: ReturnType<typeof ownServer>;

  test.beforeAll(async () => {
    smtp = await startSmtp();
    server = ownServer(51, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, CALL_OUT_POLL_MS: '250' });
    await server.start({ fresh: true });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test('a manager verifies an e-mail contact, sets up a roster and a policy, tests an alarm and acknowledges it from the e-mail', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url, timezoneId: 'UTC' });
    const page = await context.newPage();
    await openShell(page, 'manager', '/profile');

    const contacts = await addAndVerifyContact(page, smtp);
    await saveScreens(page, 'call-out-contacts', contacts);

    await page.goto('/alarms?tab=call-out');
    await expect(page.getByText('No on-call roster yet')).toBeVisible();
    await createRoster(page);
    const card = await createPolicy(page);

    // The top bar's alarm menu names who is on call now and next.
    await page.getByRole('button', { name: /^Alarms awaiting acknowledgement: \d+$/ }).click();
    const menu = page.getByRole('dialog', { name: 'Alarms and on-call' });
    await expect(menu.getByText(/^On call now: Priya.*\(until .+\)$/)).toBeVisible();
    await expect(menu.getByText(/^Next: Priya.* from .+$/)).toBeVisible();
    await saveDialogScreens(page, 'call-out-alarm-menu');
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: 'Test an alarm' }).click();
    await expect(card.getByRole('status')).toContainText('A test alarm was raised.');
    // what a person sees, not a full-page capture under the sticky top bar
    await saveFocusedScreens(page, 'call-out-rosters', page.getByRole('listitem', { name: ROSTER }));
    await saveFocusedScreens(page, 'call-out-policies', card);

    const [link] = await mailMatching(smtp, ADDRESS, /https?:\/\/\S+\/rules-engine\/api\/v1\/alarms\/ack\/[\w-]+/);
    await card.getByRole('button', { name: 'Open its delivery log' }).click();
    const alarm = page.getByRole('dialog', { name: /Call-out test/ });
    const log = alarm.getByRole('region', { name: 'Deliveries' });
    await expect(
      log.getByRole('row', { name: new RegExp(`e-mail ${ADDRESS.replaceAll('.', '\\.')} Sent`) }),
    ).toBeVisible();
    const alarmPage = page.url();

    // The link acknowledges without signing in, once.
    const visitor = await browser.newContext({ timezoneId: 'UTC' });
    const linkPage = await visitor.newPage();
    await linkPage.goto(link);
    await expect(linkPage.getByRole('heading', { name: 'Alarm acknowledged' })).toBeVisible();
    await linkPage.goto(link);
    await expect(linkPage.getByRole('heading', { name: 'This link acknowledges nothing' })).toBeVisible();
    await visitor.close();

    await page.goto(alarmPage);
    await expect(
      log.getByRole('row', { name: new RegExp(`${ADDRESS.replaceAll('.', '\\.')} Acknowledged`) }),
    ).toBeVisible();
    await expect(alarm.getByText(/^Acknowledged by /)).toBeVisible();
    await saveScreens(page, 'call-out-deliveries', alarm);
    await context.close();
  });

  test('an operator reads the rosters and policies without the buttons that change them', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, timezoneId: 'UTC' });
    const page = await context.newPage();
    await openShell(page, 'operator', '/alarms?tab=call-out');
    await expect(page.getByText('Administrators and managers change rosters and escalation policies')).toBeVisible();
    const roster = page.getByRole('listitem', { name: ROSTER });
    await expect(roster.getByText(/^On call now: .+ \(until .+\)$/)).toBeVisible();
    await expect(page.getByRole('article', { name: POLICY })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New roster' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Test an alarm' })).toHaveCount(0);
    await expect(roster.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await context.close();
  });
});
