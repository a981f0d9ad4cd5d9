// PDN export and import, FEN set-up, and the messages for bad input.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

test.describe('PDN import and export', on('desktop', 'phone'), () => {
  test('PDN export then import round-trips', async ({ app, page }) => {
    await app.open();
    await app.play([
      [32, 28],
      [19, 23],
      [28, 19],
    ]);
    const before = await app.fen();
    const pdn = await app.openExport();
    expect(pdn, 'PDN move text').toContain('1. 32-28 19-23 2. 28x19');
    await app.press('#export-close');
    await app.newGame();
    await expect(page.locator('dialog#confirm[open]'), 'no question: the game stays in the library').toHaveCount(0);
    await app.count('black', 20);
    await app.openImport();
    await page.fill('#import-text', pdn);
    await app.press('#import-load');
    await app.count('black', 19);
    expect(await app.fen(), 'imported game reaches the same position').toBe(before);
  });

  test('bad import input shows a clear message', async ({ app, page }) => {
    await app.open();
    await app.openImport();
    await page.fill('#import-text', '1. 32-28 19-23 2. 28-99 *');
    await app.press('#import-load');
    const msg = await app.text('#import-error');
    expect(msg, 'import error names PDN').toMatch(/PDN/);
    expect(msg, 'import error names the square').toMatch(/99/);
    await page.fill('#import-text', 'W:W31-50:B1-99');
    await app.press('#import-load');
    await expect(page.locator('#import-error'), 'FEN error').toContainText('FEN');
    await app.press('#import-close');
  });
});
