// Offline after the first visit: the service worker serves the page, the computer's worker and
// the opening books.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

test.describe('offline', on('desktop'), () => {
  test('offline after the first visit (service worker)', async ({ app, page, context }) => {
    await app.open();
    await app.selectOption('variant', 'english'); // the saved game comes back offline as English
    await expect(page.locator('#board [data-square]')).toHaveCount(32);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await app.reload();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);
    await page.reload();
    await app.ready(10_000);
    await expect(page.locator('#board [data-square]'), 'board drawn offline').toHaveCount(32);
    // The computer's worker loads offline too (its script and the module come from the cache).
    await app.press('#hint');
    await expect(page.locator('#board .is-hint').first(), 'a hint computed offline').toBeVisible({ timeout: 10_000 });
    // The English opening book, never fetched online, is precached with the engine.
    const book = await page.evaluate(async () => (await window.draughts.computer.book('english', 6))?.length ?? 0);
    expect(book, 'the opening book read offline').toBeGreaterThan(1000);
    await context.setOffline(false);
  });
});
