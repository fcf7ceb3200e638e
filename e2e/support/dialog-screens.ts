import type { Locator, Page } from '@playwright/test';
import { DESKTOP, PHONE } from './screens.ts';

/**
 * Like saveScreens, but of the viewport only: a full-page capture of a taller page draws a modal
 * dialog and its backdrop out of place, which is not what anyone sees. On a phone the dialog fills
 * the screen and scrolls; `phoneFocus`, when given, is scrolled into view there first.
 */
export async function saveDialogScreens(page: Page, name: string, phoneFocus?: Locator) {
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    if (label === 'phone' && phoneFocus) {
      await phoneFocus.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(100);
    }
    await page.screenshot({ path: `e2e/screenshots/${name}-${label}.png` });
  }
  await page.setViewportSize(DESKTOP);
}
