// Captures with several paths to the same square: choosing the path by its landing squares.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** A flying king with two four-piece captures from 47 to 36 by different paths. */
const PATH_CHOICE_FEN = 'W:WK47:B14,19,29,31,42';
/**
 * Two seven-piece captures from 33 to 17: 33x17x8x24x33x42x26x17 lands on 17 on the way,
 * 33x42x26x17x8x30x39x17 does not; choosing the first means tapping the destination itself.
 */
const THROUGH_DEST_FEN = 'W:WK33:B12,13,21,22,29,34,37,38';
/** A king whose captures include one ending on its own start square (38x27x13x24x38). */
const BACK_HOME_FEN = 'W:WK38:B18,19,32,33';

test.describe('capture paths', on('desktop', 'phone'), () => {
  test('multi-capture with a choice of path', async ({ app, page }) => {
    await app.open();
    await app.setFen(PATH_CHOICE_FEN);
    await app.press(app.sq(47));
    await app.press(app.sq(36));
    await page.waitForSelector('#board .is-waypoint');
    expect(await app.squaresWith('is-waypoint'), 'waypoints').toEqual([20, 24]);
    await expect(app.sq(42).locator('.piece.is-captured'), 'the piece already jumped (42) is faded').toHaveCount(1);
    // The landing square both paths share (38) is marked as chosen, numbered 1.
    const chosen = await page.$$eval('#board .is-path', (els) => els.map((e) => `${e.dataset.square}:${e.dataset.step}`));
    expect(chosen, 'chosen landing squares').toEqual(['38:1']);
    expect(await app.text('#message'), 'the path prompt is shown').toMatch(/choose the next landing square/);
    await app.shot('path-choice');
    await app.press(app.sq(20));
    await app.count('black', 1);
    await expect(page.locator('#board .is-captured')).toHaveCount(0);
    await expect(app.sq(36).locator('.piece.white.king'), 'king landed on 36').toHaveCount(1);
    await expect(page.locator('#board .piece.black'), 'captured pieces removed').toHaveCount(1);
    expect(await app.text('#moves'), 'full path in the move list').toContain('47x38x20x9x36');
    await expect(page.locator('#board .is-path'), 'no chosen-path marks after the move').toHaveCount(0);
    await expect(page.locator('#message'), 'the path prompt is gone after the move').toBeHidden();
  });

  test('a capture path through its own destination', async ({ app, page }) => {
    await app.open();
    await app.setFen(THROUGH_DEST_FEN);
    await app.press(app.sq(33));
    await app.press(app.sq(17));
    await page.waitForSelector('#board .is-waypoint');
    expect(await app.squaresWith('is-waypoint'), 'next landing squares include the destination').toEqual([17, 42]);
    await app.press(app.sq(17)); // the path that lands on 17 first, then comes back to it
    await app.count('black', 1);
    expect(await app.lastMoveFull(), 'path played').toBe('33x17x8x24x33x42x26x17');
  });

  test('a capture back to its start square', async ({ app, page }) => {
    await app.open();
    await app.setFen(BACK_HOME_FEN);
    await app.press(app.sq(38));
    await page.waitForSelector(`${app.sel(38)}.is-selected.is-dest`);
    await app.press(app.sq(38)); // the selected king's own square is a destination: it plays the loop
    await page.waitForSelector('dialog#result[open]');
    expect(await app.lastMoveFull(), 'capture back to the start square').toBe('38x27x13x24x38');
    await expect(app.sq(38).locator('.piece.white.king'), 'the king is back on 38').toHaveCount(1);
    await app.press('#result-close');
  });
});
