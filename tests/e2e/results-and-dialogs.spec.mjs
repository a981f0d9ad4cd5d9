// Games to their result: a win, a draw by agreement, a resignation face to face.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** A short forced game (International): every move is the only legal one; White wins. */
const SHORT_GAME = {
  fen: 'W:W25,20:B9,15',
  moves: [
    // [from, to, white count after, black count after, side to move after]
    [20, 14, 2, 2, 'Black'],
    [9, 20, 1, 2, 'White'],
    [25, 14, 1, 1, 'Black'],
    [15, 20, 1, 1, 'White'],
    [14, 25, 1, 0, null],
  ],
};

test.describe('results and dialogs', on('desktop', 'phone'), () => {
  test('a complete game to the winner dialog', async ({ app, page }) => {
    await app.open();
    await app.setFen(SHORT_GAME.fen);
    for (const [from, to, w, b, turn] of SHORT_GAME.moves) {
      // play() waits until the last-move highlight reaches the destination: the move is complete.
      await app.play([[from, to]]);
      expect(await app.text('#count-white'), `White has ${w} after ${from}-${to}`).toBe(String(w));
      expect(await app.text('#count-black'), `Black has ${b} after ${from}-${to}`).toBe(String(b));
      if (turn) expect(await app.text('#turn'), `${turn} to move after ${from}-${to}`).toContain(turn);
    }
    await page.waitForSelector('dialog#result[open]');
    const result = await app.text('dialog#result');
    expect(result, 'result dialog names the winner').toMatch(/White wins/);
    expect(result, 'result dialog gives the reason').toMatch(/no pieces/);
    expect(await app.text('#status'), '#status names the winner').toContain('White wins');
    await app.shot('game-over');
    // New game opens the new-game sheet on the same choices: Start is one more tap.
    await app.press('#result-new-game');
    await expect(page.locator('dialog#result[open]'), 'dialog closed by New game').toHaveCount(0);
    await expect(page.locator('dialog#new-game[open]'), 'the new-game sheet instead').toHaveCount(1);
    await app.press('#new-game-start');
    await app.count('black', 20);
  });

  test('a tap during which the game ends does not press the result dialog under the finger', async ({ app, page }) => {
    test.skip(!app.touch, 'a touch tap: its click comes after the touch ends');
    await app.open();
    await app.play([[31, 26]]);
    // Where the dialog's "Review the board" button will be, and the board under it.
    const { x, y } = await page.evaluate(() => {
      const d = document.getElementById('result');
      d.showModal();
      const r = document.getElementById('result-close').getBoundingClientRect();
      d.close();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    expect(await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('#board'), [x, y]), 'the button lies over the board').toBe(true);
    // The game ends as the finger lifts: the dialog opens between the touch's end and its click.
    await app.endAsTheFingerLifts();
    await page.evaluate(() => {
      window.__clicks = 0;
      addEventListener('click', () => (window.__clicks += 1), true);
    });
    await page.touchscreen.tap(x, y);
    await page.waitForFunction(() => window.__clicks > 0);
    await expect(page.locator('dialog#result[open]'), 'the tap from before the dialog left it open').toHaveCount(1);
    // A tap of its own presses the button.
    await app.press('#result-close');
    await expect(page.locator('dialog#result[open]'), 'a new tap closes it').toHaveCount(0);
  });

  test('draw by agreement, taken back by undo', async ({ app, page }) => {
    await app.open();
    await app.play([[31, 26]]);
    await expect(page.locator('#turn')).toContainText('Black');
    await app.press('#offer-draw');
    await app.press('#confirm-yes');
    await page.waitForSelector('dialog#result[open]');
    expect(await app.text('dialog#result'), 'draw dialog').toMatch(/Draw/);
    await app.press('#result-close');
    await app.press('#undo'); // takes back the agreement
    await page.waitForFunction(() => !document.body.classList.contains('is-over'));
  });

  test('resign face to face: the question and the result face the player concerned', async ({ app, page }) => {
    await app.open();
    await app.play([[31, 26]]);
    await expect(page.locator('#turn')).toContainText('Black');
    // Face to face (Black across the table, at the top): Black's question turns to Black, and the
    // result is written a second time, turned round, for Black too.
    await app.setting('face-to-face');
    await app.press('#resign');
    await page.waitForSelector('dialog#confirm[open]');
    expect(await app.turned('dialog#confirm'), 'face to face, "Black, do you resign?" faces Black').toBe(true);
    await app.press('#confirm-yes');
    await page.waitForSelector('dialog#result[open]');
    const r = await app.text('dialog#result');
    expect(r, 'resignation dialog').toMatch(/White wins/);
    expect(r, 'resignation dialog').toMatch(/Black resigned/);
    expect(await app.text('#result-mirror'), 'face to face, the result also faces the top player').toBe('White wins: Black resigned.');
    await expect(page.locator('#result-mirror')).toBeVisible();
    expect(await app.turned('#result-mirror'), 'the mirrored result is turned round').toBe(true);
    expect(await app.turned('dialog#result'), 'the result dialog itself stays upright').toBe(false);
    await app.shot('face-to-face-result');
    await app.press('#result-new-game');
    await app.press('#new-game-start');
    await app.setting('face-to-face');
    await expect(page.locator('#result-mirror'), 'no second copy when not face to face').toBeHidden();
  });
});
