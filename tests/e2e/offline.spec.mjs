// Offline after the first visit: the service worker serves the page, the computer's worker, the
// opening books and the endgame tables' builder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { on, ROOT } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

test.describe("the service worker's list", on('desktop'), () => {
  test('names every module the page copies (one missing would wait for the network)', () => {
    const page = readFileSync(join(ROOT, 'index.html'), 'utf8');
    const copied = [...page.matchAll(/rel="copy-file" href="(www\/[\w-]+\.js)"/g)].map((m) => m[1]);
    const sw = readFileSync(join(ROOT, 'www/sw.js'), 'utf8');
    const listed = sw.slice(sw.indexOf('const MODULES'), sw.indexOf('];', sw.indexOf('const MODULES')));
    expect(copied.length).toBeGreaterThan(20);
    for (const m of copied.filter((f) => f !== 'www/sw.js')) expect(listed, `${m} in sw.js' MODULES`).toContain(`'${m}'`);
  });
});

test.describe('offline', on('desktop'), () => {
  test('offline after the first visit (service worker)', async ({ app, page, context }) => {
    test.setTimeout(180_000);
    await app.open();
    await app.newGame({ variant: 'english' }); // the saved game comes back offline as English
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
    // The endgame tables' builder, never fetched online either, builds tables offline: two kings
    // against one (English), which the analysis then answers from them.
    await app.openImport();
    await page.fill('#import-text', 'B:WK29:BK1,K5');
    await app.press('#import-load');
    await expect(page.locator('#import-dialog[open]')).toHaveCount(0);
    await app.press('#analysis');
    await expect(page.locator('#tables-status'), 'tables built offline').toHaveText(/^Endgame tables: ready \(\d+\)$/, { timeout: 90_000 });
    await expect(page.locator('#eval'), 'the analysis answers from them').toHaveText(/^Black wins$/, { timeout: 30_000 });
    await context.setOffline(false);
  });
});
