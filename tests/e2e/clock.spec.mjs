// Clocks for games at the table: a game lost on time with a short preset, Fischer increments and
// a Bronstein delay, the clock kept (paused) across a reload, paused while a dialog is open or the
// page is hidden, the PDN's TimeControl and %clk, the player's clock against the computer, and
// the clocks' layout in every viewport (screenshots). The clock is chosen in the new-game sheet. Time is Playwright's fake clock: nothing depends on the machine's
// speed.
import { ALL_VIEWPORTS, on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

const white = (page) => page.locator('#clock-white');
const black = (page) => page.locator('#clock-black');

/** Makes the page hidden (a locked phone, another tab in front) or visible again. */
const setHidden = (page, hidden) =>
  page.evaluate((hidden) => {
    if (hidden) {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    } else {
      delete document.hidden;
      delete document.visibilityState;
    }
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

test.describe('clock', on('phone', 'desktop'), () => {
  test.beforeEach(async ({ app }) => {
    await app.fakeTime();
    await app.open();
    await app.freeze();
  });

  test('a 1+1 game lost on time: increments, low time, the flag, the PDN', async ({ app, page }) => {
    await app.newGame({ clock: '60+1' });
    await expect(white(page)).toHaveText('1:00');
    await expect(black(page)).toHaveText('1:00');
    await expect(page.locator('#clock-pause'), 'nothing to pause before the first move').toBeDisabled();
    // White's first move is not timed; then Black's clock runs.
    await app.play([[32, 28]]);
    await page.clock.runFor(5_000);
    await expect(black(page)).toHaveText('0:55');
    await expect(black(page)).toHaveClass(/\bis-running\b/);
    await expect(white(page)).not.toHaveClass(/\bis-running\b/);
    await expect(white(page)).toHaveText('1:00');
    await expect(page.locator('#undo'), 'a move made with a clock stands').toBeDisabled();
    // Black took 5 s and gets 1 s: 0:56. White takes 3 s: 0:57, then 0:58 after the capture.
    await app.play([[19, 23]]);
    await expect(black(page)).toHaveText('0:56');
    await expect(white(page)).toHaveClass(/\bis-running\b/);
    await page.clock.runFor(3_000);
    await expect(white(page)).toHaveText('0:57');
    await app.play([[28, 19]]);
    await expect(white(page)).toHaveText('0:58');
    // Black thinks on: tenths under ten seconds, the low-time event once, then the flag.
    await page.clock.runFor(46_500);
    await expect(black(page)).toHaveText('0:09.5');
    await expect(black(page)).toHaveClass(/\bis-low\b/);
    await page.clock.runFor(9_000);
    await expect(black(page)).toHaveText('0:00.5');
    expect(await app.clockEvents()).toEqual([['draughts:low-time', 'black']]);
    await page.clock.runFor(600);
    await app.waitForResult();
    await expect(page.locator('#result-title')).toHaveText('White wins on time');
    await expect(page.locator('#result-reason')).toHaveText('Black ran out of time.');
    await expect(black(page)).toHaveText('0:00.0');
    expect(await app.clockEvents()).toEqual([
      ['draughts:low-time', 'black'],
      ['draughts:clock-flag', 'black'],
    ]);
    await app.shot('clock-flag');
    // The clocks stopped with the game.
    await page.clock.runFor(5_000);
    await expect(white(page)).toHaveText('0:58');
    await expect(page.locator('#clock-pause')).toBeHidden();
    await app.press('#result-close');
    const pdn = await app.openExport();
    expect(pdn).toContain('[TimeControl "60+1"]');
    expect(pdn).toContain('[Result "2-0"]');
    expect(pdn).toContain('[Termination "time forfeit"]');
    const moves = pdn.split(/\n\n/)[1].replace(/\s+/g, ' ');
    expect(moves).toContain('1. 32-28 {[%clk 0:01:00]} 1... 19-23 {[%clk 0:00:56]} 2. 28x19 {[%clk 0:00:58]} 2-0');
  });

  test('a capture with a choice of path is pressed once, when its last square is tapped', async ({ app, page }) => {
    // Black's first move is free; then White's king has two four-piece captures from 47 to 36.
    await app.newGame({ clock: '60+1', fen: 'B:WK47:B14,19,29,31,42,1' });
    await app.play([[1, 6]]);
    await page.clock.runFor(3_000);
    await app.press(app.sq(47));
    await app.press(app.sq(36));
    await page.waitForSelector('#board .is-waypoint');
    await page.clock.runFor(2_000);
    await expect(white(page), "still White's time while the path is chosen").toHaveText('0:55');
    await expect(white(page)).toHaveClass(/\bis-running\b/);
    await app.press(app.sq(20));
    await app.count('black', 2);
    // One move: one increment, and the clock switched once.
    await expect(white(page)).toHaveText('0:56');
    await expect(black(page)).toHaveClass(/\bis-running\b/);
    const moves = (await app.openExport()).split(/\n\n/)[1].replace(/\s+/g, ' ');
    expect(moves).toContain('1... 1-6 {[%clk 0:01:00]} 2. 47x38x20x9x36 {[%clk 0:00:56]} *');
  });

  test('a custom clock with a Bronstein delay', async ({ app, page }) => {
    await app.openNewGame();
    await page.selectOption('#clock', 'custom');
    await expect(page.locator('dialog#clock-dialog[open]')).toHaveCount(1);
    await page.fill('#clock-minutes', '1');
    await page.fill('#clock-increment', '2');
    await page.selectOption('#clock-kind', 'bronstein');
    await app.press('#clock-dialog .primary');
    await expect(page.locator('dialog#clock-dialog[open]')).toHaveCount(0);
    await expect(page.locator('#clock option:checked')).toHaveText('1+2 delay');
    await app.press('#new-game-start');
    await expect(white(page)).toHaveText('1:00');
    await app.play([[32, 28]]);
    // Black uses 5 s and gets 2 back; White uses 1 s and gets it all back.
    await page.clock.runFor(5_000);
    await app.play([[19, 23]]);
    await expect(black(page)).toHaveText('0:57');
    await page.clock.runFor(1_000);
    await expect(white(page)).toHaveText('0:59');
    await app.play([[28, 19]]);
    await expect(white(page)).toHaveText('1:00');
    expect(await app.openExport()).toContain('[TimeControl "60B2"]');
  });

  test('the clock survives a reload, paused, and the player is told', async ({ app, page }) => {
    await app.newGame({ clock: '180+2' });
    await app.play([[32, 28]]);
    await page.clock.runFor(10_000);
    await expect(black(page)).toHaveText('2:50');
    await app.reload();
    await expect(page.locator('#message-text')).toContainText('The clock was paused while the page was closed');
    await expect(black(page)).toHaveText('2:50');
    await expect(black(page)).toHaveClass(/\bis-paused\b/);
    await expect(page.locator('#clock-pause')).toHaveAttribute('aria-label', 'Resume the clock');
    await page.clock.runFor(10_000);
    await expect(black(page), 'no time runs while paused').toHaveText('2:50');
    await app.press('#clock-pause');
    await page.clock.runFor(2_000);
    await expect(black(page)).toHaveText('2:48');
    await expect(black(page)).toHaveClass(/\bis-running\b/);
    // A move also resumes a paused clock: pause, then play; White's time runs.
    await app.press('#clock-pause');
    await page.clock.runFor(4_000);
    await app.play([[19, 23]]);
    await expect(black(page)).toHaveText('2:50');
    await page.clock.runFor(1_000);
    await expect(white(page)).toHaveText('2:59');
    await expect(page.locator('#undo')).toBeDisabled();
  });

  test('an open dialog pauses the clock', async ({ app, page }) => {
    await app.newGame({ clock: '60+1' });
    await app.play([[32, 28]]);
    await page.clock.runFor(2_000);
    await expect(black(page)).toHaveText('0:58');
    await app.openExport();
    await page.clock.runFor(10_000);
    await app.press('#export-close');
    await expect(black(page), 'not a second passed while the dialog was open').toHaveText('0:58');
    await page.clock.runFor(1_000);
    await expect(black(page)).toHaveText('0:57');
    // The new-game sheet too; it opens on the clock chosen last, and Cancel changes nothing.
    await app.openNewGame();
    await expect(page.locator('#clock')).toHaveValue('60+1');
    await page.clock.runFor(10_000);
    await app.press('#new-game-cancel');
    await expect(page.locator('dialog#new-game[open]')).toHaveCount(0);
    await expect(black(page), 'not a second passed while the sheet was open').toHaveText('0:57');
    await page.clock.runFor(1_000);
    await expect(black(page)).toHaveText('0:56');
  });
});

test.describe('clock, hidden page', on('phone', 'desktop'), () => {
  test('a hidden page pauses the running clock, and the player is told on coming back', async ({ app, page }) => {
    await app.fakeTime();
    await app.open();
    await app.freeze();
    await app.newGame({ clock: '60+1' });
    await app.play([[32, 28]]);
    await page.clock.runFor(2_000);
    await expect(black(page)).toHaveText('0:58');
    await setHidden(page, true);
    await page.clock.runFor(30_000);
    await setHidden(page, false);
    await expect(page.locator('#message-text')).toContainText('The clock was paused while the page was hidden');
    await expect(black(page), 'no time ran while the page was hidden').toHaveText('0:58');
    await expect(black(page)).toHaveClass(/\bis-paused\b/);
    await app.shot('clock-hidden');
    await page.clock.runFor(5_000);
    await expect(black(page), 'nor after, until the player goes on').toHaveText('0:58');
    // A move goes on: Black's move stands, White's time runs.
    await app.play([[19, 23]]);
    await page.clock.runFor(1_000);
    await expect(white(page)).toHaveText('0:59');
    await expect(white(page)).toHaveClass(/\bis-running\b/);
  });
});

test.describe('clock against the computer', on('phone'), () => {
  test("only the player's time counts", async ({ app, page }) => {
    await app.fakeTime();
    await app.open();
    await app.newGame({ opponent: 'computer', level: 1, clock: '60+1' });
    await app.freeze();
    await expect(black(page), "the computer's card has no clock").toBeHidden();
    await expect(white(page)).toHaveText('1:00');
    await app.press(app.sq(32));
    await app.press(app.sq(28));
    await expect(page.locator('#moves [data-ply="2"]'), 'the computer replied').toHaveCount(1);
    await app.playersTurn();
    await expect(white(page)).toHaveClass(/\bis-running\b/);
    await page.clock.runFor(3_000);
    await expect(white(page)).toHaveText('0:57');
    await page.clock.runFor(57_500);
    await app.waitForResult();
    await expect(page.locator('#result-title')).toHaveText('You lose on time');
    await expect(page.locator('#result-reason')).toHaveText('You ran out of time.');
  });
});

test.describe('clock layout', on(...ALL_VIEWPORTS), () => {
  test('the clocks fit on the cards, face to face too, and the board keeps its size', async ({ app, page, viewport }) => {
    await app.fakeTime();
    await app.open();
    await app.freeze();
    // Boxes in the page (not the viewport): pressing a button may scroll.
    const box = (sel) =>
      page.$eval(sel, (e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
      });
    const board = await box('#board');
    const card = await box('.card-white');
    await app.newGame({ clock: '300+3' });
    await app.play([[32, 28]]);
    await page.clock.runFor(291_000);
    await expect(black(page)).toHaveText('0:09.0');
    for (const face of [false, true]) {
      if (face) await app.setting('face-to-face');
      const name = face ? 'clock-face-to-face' : 'clock';
      await page.evaluate(() => scrollTo(0, 0));
      await app.shot(name);
      expect(await box('#board'), `${name}: the board keeps its size and place`).toEqual(board);
      for (const side of ['white', 'black']) {
        const c = await box(`.card-${side}`);
        const k = await box(`#clock-${side}`);
        expect(c.height, `${name}: ${side}'s card keeps its height`).toBeCloseTo(card.height, 0);
        expect(k.x >= c.x - 0.5 && k.x + k.width <= c.x + c.width + 0.5, `${name}: ${side}'s clock within its card`).toBe(true);
        expect(k.x + k.width, `${name}: ${side}'s clock inside the viewport`).toBeLessThanOrEqual(viewport.width + 0.5);
        // Nothing else on the card runs into the clock.
        const others = await page
          .locator(`.card-${side} > :not(.clock):visible`)
          .evaluateAll((els) => els.map((e) => ({ left: e.getBoundingClientRect().left + scrollX, right: e.getBoundingClientRect().right + scrollX })));
        for (const o of others) {
          const overlap = Math.min(o.right, k.x + k.width) - Math.max(o.left, k.x);
          expect(overlap, `${name}: ${side}'s clock overlaps nothing`).toBeLessThanOrEqual(0.5);
        }
      }
      // Face to face the top player's card, clock included, reads for them.
      expect(await app.turned('.card-black')).toBe(face);
    }
    const scroll = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
    expect(scroll, 'no horizontal scroll').toBeLessThanOrEqual(0);
  });
});
