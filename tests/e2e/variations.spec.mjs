// Side lines (variations): a move tried from a past position opens one and leaves the game as it
// was; the move list shows them in parentheses; they are promoted, deleted, exported and imported
// as PDN variations (RAV), and kept across a reload.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** The move texts of line `line` ('' the game's own) as the move list shows them. */
const texts = (page, line) => page.$$eval(`#moves button.ply[data-line="${line}"]`, (bs) => bs.map((b) => b.textContent));

test.describe('side lines', on('desktop', 'phone'), () => {
  test('a move from a past position opens a side line: shown, exported, kept, promoted and deleted', async ({ app, page }) => {
    await app.open();
    await app.play([
      [32, 28],
      [19, 23],
      [28, 19],
      [14, 23],
    ]);
    const game = await app.fen();
    await app.press('#moves button.ply[data-ply="1"][data-line=""]');
    await expect(page.locator('#past-banner')).toBeVisible();
    await app.play([
      [18, 23],
      [37, 32],
    ]);
    expect(await texts(page, ''), 'the game is unchanged').toEqual(['32-28', '19-23', '28x19', '14x23']);
    expect(await texts(page, '0')).toEqual(['18-23', '37-32']);
    await expect(page.locator('#past-text')).toHaveText(/2\. 37.32/);
    await expect(page.locator('#promote-line')).toBeVisible();
    await expect(page.locator('#play-from-here')).toBeHidden();
    await expect(page.locator('#moves button.ply.is-current')).toHaveText('37-32');
    // Analysis follows into the side line: Black to move after 2. 37-32, its line numbered "2… ",
    // its first move one of the position's (the engine's list, from the FEN shown).
    await app.press('#analysis');
    await expect(page.locator('#best-line')).toHaveText(/^2… \S+/, { timeout: 30_000 });
    const best = (await app.text('#best-line')).replace(/^2… /, '').split(' ')[0];
    const legal = await page.evaluate(() => window.draughts.controller.legal.map((m) => m.notation));
    expect(legal, `${best} is a move of the side line's position`).toContain(best);
    await app.press('#analysis');

    const pdn = await app.openExport();
    expect(pdn.replace(/\s+/g, ' '), 'the side line in the PDN').toContain('1. 32-28 19-23 (1... 18-23 2. 37-32) 2. 28x19 14x23 *');
    await app.press('#export-close');

    await app.press('#back-to-game');
    await expect(page.locator('#past-banner')).toBeHidden();
    expect(await app.fen(), 'back to the game as it stands').toBe(game);
    await app.reload();
    expect(await texts(page, '0'), 'kept after a reload').toEqual(['18-23', '37-32']);
    expect(await app.fen()).toBe(game);

    // Promoted, the side line is the game, and the game's old moves a side line.
    await app.press('#moves button.ply[data-ply="2"][data-line="0"]');
    await app.press('#promote-line');
    expect(await texts(page, '')).toEqual(['32-28', '18-23', '37-32']);
    expect(await texts(page, '0')).toEqual(['19-23', '28x19', '14x23']);
    await app.press('#back-to-game');
    await expect(page.locator('#past-banner')).toBeHidden();
    await app.play([[12, 18]]);
    expect(await texts(page, ''), 'the game goes on from its new end').toEqual(['32-28', '18-23', '37-32', '12-18']);

    // Deleted, it is gone, and the position it branched from is shown.
    await app.press('#moves button.ply[data-ply="3"][data-line="0"]');
    await app.press('#delete-line');
    await expect(page.locator('#moves .line')).toHaveCount(0);
    await expect(page.locator('#moves button.ply.is-current')).toHaveText('32-28');
    const after = await app.openExport();
    expect(after).not.toContain('(');
  });

  test('PDN variations, nested and with comments, are shown and exported again', async ({ app, page }) => {
    await app.open();
    const movetext =
      '1. 32-28 19-23 (1... 18-23 {the other way} 2. 37-32 (2. 38-32 12-18) 2... 12-18 3. 41-37) 2. 28x19 14x23 (2... 13x24 3. 34-30) 3. 37-32 *';
    await app.openImport();
    await page.fill('#import-text', `[Event "Side lines"]\n[GameType "20"]\n\n${movetext}\n`);
    await app.press('#import-load');
    await expect(page.locator('#moves .line')).toHaveCount(3);
    expect(await texts(page, '0.0')).toEqual(['38-32', '12-18']);
    await expect(page.locator('#moves .line[data-line="0"] > .comment').first()).toHaveText('the other way');
    // A nested line's move shows its position; a move tried there extends it.
    await app.press('#moves button.ply[data-ply="4"][data-line="0.0"]');
    await app.play([[42, 38]]);
    expect(await texts(page, '0.0')).toEqual(['38-32', '12-18', '42-38']);
    const pdn = await app.openExport();
    expect(pdn.replace(/\s+/g, ' ')).toContain(movetext.replace('12-18) 2... 12-18', '12-18 3. 42-38) 2... 12-18'));
  });

  test('an analysis line tapped in a past position opens a side line with its move', async ({ app, page }) => {
    // The game's own move from the set-up is a blunder (47-24?? 19x30 loses the king), so neither
    // of the two lines shown plays it: the tapped line leaves the game and opens a side line.
    await app.open();
    await app.openImport();
    await page.fill('#import-text', '[GameType "20"]\n[FEN "W:WK47,45,50:B6,19"]\n\n1. 47-24 19x30 *\n');
    await app.press('#import-load');
    await app.press('#nav-first');
    await expect(page.locator('#past-banner')).toBeVisible();
    await app.press('#analysis');
    await page.selectOption('#analysis-lines', '2');
    await expect(page.locator('#analysis-lines-list button')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator('#analysis-lines-list button')).toHaveText(/1\. \S+/, { timeout: 30_000 });
    await page.evaluate(() =>
      document.getElementById('analysis-lines-list').addEventListener(
        'click',
        (e) => (window.tappedLine = e.target.closest('button').lastChild.textContent.trim()),
        { capture: true },
      ),
    );
    await app.press('#analysis-lines-list li:nth-child(1) button');
    await expect(page.locator('#moves .line')).toHaveCount(1);
    const tapped = (await page.evaluate(() => window.tappedLine)).replace(/^1\. /, '').split(' ')[0];
    expect(tapped).not.toBe('47-24');
    expect(await texts(page, '0')).toEqual([tapped]);
    expect(await texts(page, ''), 'the game is unchanged').toEqual(['47-24', '19x30']);
  });
});
