// The International board: first load, squares, and a move by tap/click, drag and keyboard.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

test.describe('board', on('desktop', 'phone'), () => {
  test('first load renders the board', async ({ app, page }) => {
    await app.open();
    await expect(page.locator('#board [data-square]'), '50 squares on the International board').toHaveCount(50);
    await expect(page.locator('#board .piece.white.man'), '20 white men').toHaveCount(20);
    await expect(page.locator('#board .piece.black.man'), '20 black men').toHaveCount(20);
    expect(await app.text('#turn'), '#turn names White').toContain('White');
    expect((await app.text('#count-white')).trim(), '#count-white is 20').toBe('20');
    expect(await app.sq(32).getAttribute('aria-label'), 'accessible name of 32').toBe('32, white man');
    await app.shot('start');
  });

  test('select shows destinations; a move by tap/click', async ({ app, page }) => {
    await app.open();
    await app.press(app.sq(32));
    await expect(app.sq(32)).toHaveClass(/\bis-selected\b/);
    expect(await app.squaresWith('is-dest'), 'destinations of 32').toEqual([27, 28]);
    await app.press(app.sq(28));
    await expect(page.locator('#turn')).toContainText('Black');
    await expect(app.sq(28).locator('.piece.white'), 'white man on 28').toHaveCount(1);
    await expect(app.sq(28), 'last move highlighted').toHaveClass(/\bis-last-move\b/);
    expect(await app.text('#moves'), 'move list shows 32-28').toContain('32-28');
  });

  test('drag and drop plays a move', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    await app.drag(19, 23);
    await expect(page.locator('#turn')).toContainText('White');
    await expect(app.sq(23).locator('.piece.black'), 'black man dropped on 23').toHaveCount(1);
  });

  test('keyboard: arrows move focus, Enter and Space select and play', async ({ app, page }) => {
    await app.open();
    await app.play([
      [32, 28],
      [19, 23],
    ]);
    // White must capture 28x19 now; select it with the keyboard.
    await app.sq(32).focus();
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement.dataset.square), 'ArrowUp from 32 focuses 28').toBe('28');
    await page.keyboard.press('Enter');
    await expect(app.sq(28)).toHaveClass(/\bis-selected\b/);
    await app.sq(19).focus();
    await page.keyboard.press(' ');
    await app.count('black', 19);
    // The live region is emptied, then filled on the next animation frame.
    await expect(page.locator('#announcer'), 'announced').toHaveText(/White played 28x19/);
  });
});
