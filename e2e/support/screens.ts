import type { Locator, Page } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Runs `shoot` at desktop and then phone width, each once the layout has settled, with the path of
 * its screenshot under e2e/screenshots/; the page is left at desktop width.
 */
export async function atBothWidths(
  page: Page,
  name: string,
  shoot: (path: string, label: 'desktop' | 'phone') => Promise<unknown>,
) {
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    await shoot(`e2e/screenshots/${name}-${label}.png`, label);
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * Saves a screenshot under e2e/screenshots/ at desktop and phone widths, for people to look at: the
 * whole page, or only `part` of it (a card a page's screenshot would make small).
 */
export async function saveScreens(page: Page, name: string, part?: Locator) {
  await atBothWidths(page, name, (path) =>
    part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }),
  );
}

/**
 * Screenshots of what a person sees with `focus` scrolled to the middle of the screen, at desktop and
 * phone widths: a long form's full-page capture would draw its sticky buttons over the middle.
 */
export async function saveFocusedScreens(page: Page, name: string, focus: Locator) {
  await atBothWidths(page, name, async (path) => {
    await focus.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(150);
    await page.screenshot({ path });
  });
}
