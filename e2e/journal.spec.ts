import { expect, test, type Page } from '@playwright/test';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { afterSnackbars } from './support/notifications.ts';
import { saveScreens } from './support/screens.ts';
import { openShell } from './support/shell.ts';

/**
 * The journal manager (issue 22): journals and their entries, each change kept in the entry's
 * history. Other specs share the demo project: every journal and entry here has a name of its own.
 */
test.describe.configure({ timeout: 90_000 });

const unique = (stem: string) => `${stem} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const entryDialog = (page: Page, name: 'New entry' | 'Edit entry') => page.getByRole('dialog', { name });
const entryCard = (page: Page, title: string) =>
  page.getByRole('feed', { name: 'Entries' }).getByRole('article', { name: title, exact: true });

test('a journal entry is written, edited, and its history shows the changed field with old and new values', async ({
  page,
}) => {
  await openShell(page, 'admin', '/journal-manager');
  await expect(page.getByRole('heading', { level: 1, name: 'Journals' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Journals' })).toContainText('Site inspections');

  // An administrator makes a journal of their own.
  const journal = unique('Dam safety walks');
  await page.getByRole('button', { name: 'New journal' }).click();
  const journalDialog = page.getByRole('dialog', { name: 'New journal' });
  await journalDialog.getByRole('button', { name: 'Create' }).click();
  await expect(journalDialog.getByText('Required')).toBeVisible();
  await journalDialog.getByRole('textbox', { name: 'Title' }).fill(journal);
  await journalDialog.getByRole('textbox', { name: 'Description' }).fill('Weekly walks along the crest and toe');
  await journalDialog.getByRole('button', { name: 'Create' }).click();
  await expect(journalDialog).toBeHidden();
  const panel = page.getByRole('region', { name: journal });
  await expect(panel.getByRole('heading', { level: 2, name: journal })).toBeVisible();
  await expect(panel.getByText('No entries yet')).toBeVisible();

  // A first entry: title, time, text, tags, a device and an attachment from the file library.
  const title = unique('Seepage at the toe');
  await panel.getByRole('button', { name: 'New entry' }).first().click();
  const create = entryDialog(page, 'New entry');
  await create.getByRole('textbox', { name: 'Title' }).fill(title);
  await create.getByLabel('Occurred at').fill('2026-11-20T08:30');
  await create
    .getByRole('textbox', { name: 'Text' })
    .fill('Wet patch about 2 m wide below PZ-01; no fines in the water.');
  const tags = create.getByRole('combobox', { name: 'Tags' });
  await tags.fill('seepage');
  await tags.press('Enter');
  await tags.fill('watch');
  await tags.press('Enter');
  const devices = create.getByRole('combobox', { name: 'Devices' });
  await devices.fill('PZ-01');
  await page.getByRole('option').first().click();
  const attachments = create.getByRole('combobox', { name: 'Attachments' });
  await attachments.fill('inspection');
  await page.getByRole('option').first().click();
  await expect(create.getByRole('button', { name: 'seepage' })).toBeVisible();
  await afterSnackbars(page);
  await saveDialogScreens(page, 'journal-entry-dialog');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toBeHidden();

  const card = entryCard(page, title);
  await expect(card).toContainText('by admin');
  await expect(card).toContainText('20 November 2026, 08:30:00');
  await expect(card.getByText('seepage', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Device: PZ-01/ }).or(card.getByText(/^PZ-01/))).toBeVisible();
  await expect(card.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(1);

  // Edited: a new title and one more tag; only those are sent, and the history names them.
  const edited = `${title}, growing`;
  await card.getByRole('button', { name: `Edit: ${title}` }).click();
  const edit = entryDialog(page, 'Edit entry');
  await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await edit.getByRole('textbox', { name: 'Title' }).fill(edited);
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/journal-entries/'));
  await edit.getByRole('button', { name: 'Save' }).click();
  expect((await patch).postDataJSON()).toEqual({ title: edited });
  await expect(edit).toBeHidden();
  const editedCard = entryCard(page, edited);
  await expect(editedCard).toBeVisible();

  await editedCard.getByRole('button', { name: `History: ${edited}` }).click();
  const history = page.getByRole('dialog', { name: /^History/ });
  const records = history.getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect(records).toHaveCount(2);
  await expect(records.first()).toContainText('Changed by admin');
  await expect(records.first()).toContainText('Title');
  await expect(records.first()).toContainText(`Before: ${title}`);
  await expect(records.first()).toContainText(`After: ${edited}`);
  await expect(records.last()).toContainText('Created by admin');
  await afterSnackbars(page);
  await saveDialogScreens(page, 'journal-entry-history');
  await history.getByRole('button', { name: 'Close' }).click();

  // Search and tag narrow the list; a device filter keeps the entry, another tag hides it.
  await panel.getByRole('searchbox', { name: 'Search' }).fill('growing');
  await expect(page).toHaveURL(/q=growing/);
  await expect(editedCard).toBeVisible();
  await panel.getByRole('combobox', { name: 'Tag' }).fill('no-such-tag');
  await panel.getByRole('combobox', { name: 'Tag' }).press('Enter');
  await expect(panel.getByText('No entries match these filters')).toBeVisible();
  await panel.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(editedCard).toBeVisible();
  await saveScreens(page, 'journal-list');
});

test('an operator writes entries but does not make or delete journals; a failed list says so in the spec’s words', async ({
  page,
}) => {
  await openShell(page, 'operator', '/journal-manager');
  // other tests add journals to the project meanwhile: the demo's is chosen by name
  await page
    .getByRole('navigation', { name: 'Journals' })
    .getByRole('button', { name: /^Site inspections/ })
    .click();
  const panel = page.getByRole('region', { name: 'Site inspections' });
  await expect(panel.getByRole('article', { name: 'Monthly routine inspection' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New journal' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete journal' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'New entry' })).toBeVisible();
  // the manager's entry is not the operator's to change, but its history is open to all
  const managers = panel.getByRole('article', { name: 'Monthly routine inspection' });
  await expect(managers.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(managers.getByRole('button', { name: /^History/ })).toBeVisible();

  await page.route(/\/inmt-journal\/api\/v1\/journals(\?|$)/, (route) =>
    route.fulfill({ status: 503, json: { error_type: 'ServiceUnavailable', message: 'down' } }),
  );
  await page.reload();
  await expect(page.getByText('There was an issue retreiving the journal for project', { exact: true })).toBeVisible();
});
