import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ListBody, MediaFile } from '@vigil/domain';
import { auth } from './support/api.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { loginForm } from './support/login-page.ts';
import { afterSnackbars } from './support/notifications.ts';
import { gradientPng, noisePng } from './support/png.ts';
import { saveScreens } from './support/screens.ts';
import { openShell } from './support/shell.ts';

/**
 * The media file library (requirements#monitoring-screens, #monitoring-states, #monitoring-validation,
 * #monitoring-errors) in the administrator's first project. Other
 * specs share the project: every file here has a name of its own, and assertions are on those files.
 */
test.describe.configure({ timeout: 120_000 });

const MEDIA = '/media/api/v1';
const MIB = 1024 * 1024;
const PROGRESS_MESSAGES = ['Uploading', 'Processing', 'Resizing', 'Complete!', 'Failed'];
const unique = (stem = 'e2e') => `${stem}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const pngFile = (name: string, width = 300, height = 200) => ({
  name,
  mimeType: 'image/png',
  buffer: gradientPng(width, height, name.length + Math.floor(Math.random() * 200)),
});

async function openFileManager(page: Page) {
  const session = await openShell(page, 'admin', '/file-manager');
  await expect(page.getByRole('heading', { level: 1, name: 'File manager' })).toBeVisible();
  await expect(library(page).or(page.getByText('No files yet'))).toBeVisible();
  return session;
}

const library = (page: Page) => page.getByRole('list', { name: 'Files' });
const card = (page: Page, label: string) => library(page).getByRole('listitem', { name: label, exact: true });
const queueRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Uploads' }).getByRole('listitem', { name, exact: true });

/** Chooses files with the Upload files button, as a user does. */
async function chooseFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles(files);
}

/**
 * Records every text the queue row of `name` shows, however briefly: Processing may last less
 * than a poll of the page. Read them back with `messagesOf`.
 */
/** Where the page keeps what `recordMessages` saw, by file name. */
type RecordingWindow = Window & { __uploadMessages?: Record<string, string[]> };

async function recordMessages(page: Page, name: string) {
  await page.evaluate((name) => {
    const all = ((window as RecordingWindow).__uploadMessages ??= {});
    const seen = (all[name] = [] as string[]);
    const read = () => {
      for (const row of document.querySelectorAll('section[aria-label="Uploads"] li')) {
        if (row.getAttribute('aria-label') !== name) continue;
        const text = row.querySelector('[role="status"]')?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, name);
}

const messagesOf = (page: Page, name: string) =>
  page.evaluate((name) => (window as RecordingWindow).__uploadMessages?.[name] ?? [], name);

/** The messages of requirements#monitoring-errors' five that the row showed, in order. */
const progressMessagesOf = async (page: Page, name: string) =>
  (await messagesOf(page, name)).map((text) => text.split(' · ')[0]!).filter((t) => PROGRESS_MESSAGES.includes(t));

async function waitComplete(page: Page, name: string, timeout = 30_000) {
  await expect(queueRow(page, name).getByRole('status')).toHaveText('Complete!', { timeout });
  await expect(queueRow(page, name).getByRole('progressbar', { name: `Upload progress of ${name}` })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
}

/** The library's files of `label`, as the API lists them. */
async function filesNamed(request: APIRequestContext, token: string, label: string) {
  const response = await request.get(`${MEDIA}/files/?paginate_by=1000`, { headers: auth(token) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as ListBody<MediaFile>).objects.filter((f) => f.label === label);
}

/** A file uploaded and processed through the API, behind the page's back. */
async function uploadThroughApi(request: APIRequestContext, token: string, name: string) {
  const created = await request.post(`${MEDIA}/files/`, {
    headers: auth(token),
    data: { original_filename: name, mime_type: 'image/png' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  const target = await (await request.get(`${MEDIA}/files/${id}/upload-url/`, { headers: auth(token) })).json();
  const sent = await request.post(target.url, {
    multipart: { ...target.fields, file: { name, mimeType: 'image/png', buffer: gradientPng(40, 30, 9) } },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect((await request.get(`${MEDIA}/files/${id}/process/`, { headers: auth(token) })).ok()).toBe(true);
  return id as string;
}

async function openAction(page: Page, label: string, action: string) {
  await card(page, label)
    .getByRole('button', { name: `Actions for ${label}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function naturalWidth(image: Locator) {
  return image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
}

test('a PNG goes through Uploading, Processing and Complete!, then shows its 120-pixel thumbnail; the same file again is refused', async ({
  page,
  request,
}) => {
  const { token } = await openFileManager(page);
  const name = `${unique()}.png`;
  const file = pngFile(name);
  await recordMessages(page, name);
  await chooseFiles(page, [file]);

  await waitComplete(page, name);
  expect(await progressMessagesOf(page, name)).toEqual(['Uploading', 'Processing', 'Complete!']);

  // In the images tab (the default) with its small thumbnail: 120 wide for a 300 × 200 image.
  await expect(page.getByRole('tab', { name: /^Images/, selected: true })).toBeVisible();
  const preview = card(page, name).getByRole('img', { name: `Preview of ${name}` });
  await expect(preview).toBeVisible();
  await expect.poll(() => naturalWidth(preview)).toBe(120);
  await expect(card(page, name)).toContainText('PNG');
  await expect(card(page, name)).toContainText(/\d+\.\d KB/);
  // A PNG is an icon too (requirements#monitoring-validation); not a document.
  await page.getByRole('tab', { name: /^Icons/ }).click();
  await expect(card(page, name)).toBeVisible();
  await page.getByRole('tab', { name: /^Documents/ }).click();
  await expect(card(page, name)).toBeHidden();
  await page.getByRole('tab', { name: /^Images/ }).click();

  await page.getByRole('button', { name: 'Clear finished' }).click();
  await expect(queueRow(page, name)).toBeHidden();
  await chooseFiles(page, [file]);
  await expect(queueRow(page, name).getByRole('status')).toHaveText('Failed · File already exists in system');
  expect(await filesNamed(request, token, name)).toHaveLength(1);
  await expect(card(page, name)).toHaveCount(1);

  await saveScreens(page, 'file-manager-grid');
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('table', { name: 'Files' }).getByRole('row').filter({ hasText: name })).toBeVisible();
  await saveScreens(page, 'file-manager-list');
});

test('Resize images adds the Resizing step and the @2x and @1x sizes', async ({ page, request }) => {
  const { token } = await openFileManager(page);
  const name = `${unique('resize')}.png`;
  await page.getByRole('switch', { name: 'Resize images' }).check();
  await recordMessages(page, name);
  await chooseFiles(page, [pngFile(name, 360, 240)]);

  await waitComplete(page, name);
  expect(await progressMessagesOf(page, name)).toEqual(['Uploading', 'Processing', 'Resizing', 'Complete!']);
  const [file] = await filesNamed(request, token, name);
  const sizes = Object.fromEntries(file!.thumbnails.map((t) => [t.name, [t.width, t.height]]));
  // '@2x' and '@1x' keep the image's proportions at 2/3 and 1/3; small and medium are square tiles.
  expect(sizes).toMatchObject({ '@2x': [240, 160], '@1x': [120, 80], small: [120, 120], medium: [240, 240] });
  await expect(queueRow(page, name)).toContainText('Resize');
});

test('rename refuses a name another file bears, as the page knows it and as the service does; tags and delete', async ({
  page,
  request,
}) => {
  const { token } = await openFileManager(page);
  const [first, second] = [`${unique('first')}.png`, `${unique('second')}.png`];
  await chooseFiles(page, [pngFile(first), pngFile(second)]);
  await waitComplete(page, first);
  await waitComplete(page, second);

  // A name the loaded library has: refused before any call.
  await openAction(page, first, 'Rename');
  const dialog = page.getByRole('dialog', { name: 'Rename file' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(second);
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByText('File name already exists in system')).toBeVisible();
  await saveDialogScreens(page, 'file-manager-rename');

  // A name the page has not seen yet (added meanwhile through the API): the service's 409, same words.
  const third = `${unique('third')}.png`;
  await uploadThroughApi(request, token, third);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(third);
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByText('File name already exists in system')).toBeVisible();
  expect(await filesNamed(request, token, first)).toHaveLength(1);

  const renamed = unique('Crest from the north');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, renamed)).toBeVisible();
  await expect(card(page, first)).toBeHidden();

  const tag = unique('tag');
  await openAction(page, renamed, 'Edit tags');
  const tags = page.getByRole('dialog', { name: `Tags of ${renamed}` });
  await tags.getByRole('combobox', { name: 'Tags' }).fill(tag);
  await tags.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await tags.getByRole('button', { name: 'Save tags' }).click();
  await expect(tags).toBeHidden();
  await expect(card(page, renamed)).toContainText(tag);
  const [saved] = await filesNamed(request, token, renamed);
  expect(saved!.tags).toEqual([tag]);

  // The caller's filter finds files by tag.
  await page.getByRole('searchbox', { name: 'Filter' }).fill(tag);
  await expect(library(page).getByRole('listitem')).toHaveCount(1);
  await expect(card(page, renamed)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter' }).fill(`${tag}-nothing`);
  await expect(page.getByText(`No files match “${tag}-nothing”`)).toBeVisible();
  await afterSnackbars(page);
  await saveScreens(page, 'file-manager-no-match');
  await page.getByRole('button', { name: 'Clear the filter' }).first().click();

  await openAction(page, renamed, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete this file?' });
  await expect(confirm).toContainText(renamed);
  await saveDialogScreens(page, 'file-manager-delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(card(page, renamed)).toBeHidden();
  const gone = await request.get(`${MEDIA}/files/${saved!.id}/`, { headers: auth(token) });
  expect(gone.status()).toBe(404);
});

/**
 * Slows every upload part down and notes the offset each one starts at. Parts from `holdFrom` on
 * wait until `release()` as well, so a test can act while the upload is surely mid-way, however
 * slow the machine.
 */
async function throttleUploads(page: Page, delayMs: number, holdFrom = Number.POSITIVE_INFINITY) {
  const offsets: number[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/media\/api\/v1\/files\/[^/]+\/upload\/?$/, async (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    const offset = Number(/name="offset"\r\n\r\n(\d+)/.exec(body)?.[1] ?? 0);
    offsets.push(offset);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (offset >= holdFrom) await released;
    // The browser may have aborted the part meanwhile (a pause): nothing to continue then.
    await route.continue().catch(() => undefined);
  });
  return { offsets, release };
}

const progressOf = (page: Page, name: string) =>
  queueRow(page, name).getByRole('progressbar', { name: `Upload progress of ${name}` });
const progressValue = async (page: Page, name: string) =>
  Number(await progressOf(page, name).getAttribute('aria-valuenow'));

test('a large upload pauses, resumes from the bytes the server has, and completes', async ({ page, request }) => {
  const { token } = await openFileManager(page);
  // Parts are 1 MiB (upload-transport's PART_SIZE): the fourth waits until the pause is made.
  const { offsets, release } = await throttleUploads(page, 200, 3 * MIB);
  const name = `${unique('large')}.png`;
  const buffer = noisePng(1700, 1650);
  expect(buffer.length).toBeGreaterThan(8_000_000);
  await chooseFiles(page, [{ name, mimeType: 'image/png', buffer }]);

  await expect(queueRow(page, name).getByRole('status')).toHaveText('Uploading');
  await expect.poll(() => offsets.at(-1), { timeout: 60_000 }).toBe(3 * MIB);
  await expect.poll(() => progressValue(page, name)).toBeGreaterThanOrEqual(20);
  await saveScreens(page, 'file-manager-queue', page.getByRole('region', { name: 'Uploads' }));
  await queueRow(page, name)
    .getByRole('button', { name: `Pause upload of ${name}` })
    .click();
  await expect(queueRow(page, name).getByRole('status')).toHaveText('Paused');
  const pausedAt = await progressValue(page, name);
  const partsBeforePause = offsets.length;
  // The held part goes on or not, as an aborted request may: the server's count decides the resume.
  release();
  await page.waitForTimeout(1500);
  // Nothing more is sent while paused, and the bar stays where it was.
  expect(offsets.length).toBe(partsBeforePause);
  expect(await progressValue(page, name)).toBe(pausedAt);
  expect(pausedAt).toBeLessThan(90);

  await queueRow(page, name)
    .getByRole('button', { name: `Resume upload of ${name}` })
    .click();
  await waitComplete(page, name, 90_000);
  // One start from zero; after the pause the parts go on from the server's count, never from zero.
  const afterPause = offsets.slice(partsBeforePause);
  expect(offsets[0]).toBe(0);
  expect(afterPause.length).toBeGreaterThan(0);
  expect(afterPause[0]).toBeGreaterThan(0);
  expect(afterPause.every((offset, i) => i === 0 || offset > afterPause[i - 1]!)).toBe(true);
  const [file] = await filesNamed(request, token, name);
  expect(file!.size).toBe(buffer.length);
  expect([file!.width, file!.height]).toEqual([1700, 1650]);
});

test('cancelling an upload removes its record', async ({ page }) => {
  await openFileManager(page);
  // The second part waits until the cancel is made: a quick host finished the upload before the click.
  const { release } = await throttleUploads(page, 600, MIB);
  const name = `${unique('cancelled')}.png`;
  await chooseFiles(page, [{ name, mimeType: 'image/png', buffer: noisePng(900, 900) }]);
  await expect(queueRow(page, name).getByRole('status')).toHaveText('Uploading');
  await expect.poll(() => progressValue(page, name), { timeout: 30_000 }).toBeGreaterThan(0);
  const removed = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().includes(`${MEDIA}/files/`),
  );
  await queueRow(page, name)
    .getByRole('button', { name: `Cancel upload of ${name}` })
    .click();
  expect((await removed).status()).toBe(204);
  release();
  await expect(queueRow(page, name).getByRole('status')).toHaveText('Canceled');
  await expect(card(page, name)).toBeHidden();
});

test('the login page loads none of the file manager; opening the page loads it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(loginForm(page).submit).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => path.includes('file-manager'))).toEqual([]);
  await openFileManager(page);
  expect(scripts.some((path) => path.includes('file-manager-page'))).toBe(true);
});
