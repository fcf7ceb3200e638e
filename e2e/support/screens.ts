import type { Locator, Page } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Saves a screenshot under e2e/screenshots/ at desktop and phone widths, for people to look at: the
 * whole page, or only `part` of it (a card a page's screenshot would make small).
 */
export async function saveScreens(page: Page, name: string, part?: Locator) {
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    const path = `e2e/screenshots/${name}-${label}.png`;
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
  }
  await page.setViewportSize(DESKTOP);
}
