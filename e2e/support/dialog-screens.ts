import type { Locator, Page } from '@playwright/test';
import { atBothWidths } from './screens.ts';

/**
 * Like saveScreens, but of the viewport only: a full-page capture of a taller page draws a modal
 * dialog and its backdrop out of place, which is not what anyone sees. On a phone the dialog fills
 * the screen and scrolls; `phoneFocus`, when given, is scrolled into view there first.
 */
export async function saveDialogScreens(page: Page, name: string, phoneFocus?: Locator) {
  await atBothWidths(page, name, async (path, label) => {
    if (label === 'phone' && phoneFocus) {
      await phoneFocus.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(100);
    }
    await page.screenshot({ path });
  });
}
