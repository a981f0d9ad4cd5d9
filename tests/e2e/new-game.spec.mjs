// The new-game sheet (issue 33, "one new game sheet"): reached from the first screen without
// scrolling on every viewport, every choice in it (variant with its summary, opponent, level,
// side, clock, start position) applied to the game it starts and remembered for the next one;
// the toolbar keeps what a game in progress needs. With the defects it fixes: the computer below
// the fold (3), variant names cut in the picker (4) and the first screen shifting when the
// variant's summary was filled in (10).
import { ALL_VIEWPORTS, on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** The options of select#id whose text does not fit in the select (the arrow's room kept). */
function clippedOptions(page, id) {
  return page.$eval(`#${id}`, (sel) => {
    const cs = getComputedStyle(sel);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 24;
    return [...sel.options].filter((o) => ctx.measureText(o.textContent).width > room).map((o) => o.textContent);
  });
}

/** Whether the whole of `sel` is inside the viewport, the page not scrolled. */
async function onFirstScreen(page, sel) {
  const b = await page.locator(sel).boundingBox();
  const vp = page.viewportSize();
  return !!b && b.y >= 0 && b.x >= 0 && b.y + b.height <= vp.height && b.x + b.width <= vp.width;
}

test.describe('the new-game sheet', on(...ALL_VIEWPORTS), () => {
  test('reached without scrolling; playing the computer is on the first screen (defect 3)', async ({ app, page }) => {
    await app.open();
    expect(await page.evaluate(() => scrollY), 'the page is not scrolled').toBe(0);
    expect(await onFirstScreen(page, '#open-new-game'), 'New game on the first screen').toBe(true);
    await app.press('#open-new-game');
    await expect(page.locator('dialog#new-game[open]')).toHaveCount(1);
    await page.selectOption('#opponent', 'computer');
    for (const sel of ['#new-game-start', '#new-game-cancel', '#variant', '#opponent', '#level', '#side']) {
      await expect(page.locator(sel), `${sel} in the sheet`).toBeVisible();
      expect(await onFirstScreen(page, sel), `${sel} without scrolling`).toBe(true);
    }
    await app.shot('new-game-sheet');
    await app.press('#new-game-start');
    await expect(page.locator('dialog#new-game[open]')).toHaveCount(0);
    await expect(page.locator('.card-black .who')).toContainText('Computer 3');
  });

  test('every variant name whole in the picker, in English and in Russian (defect 4)', async ({ app, page }) => {
    await app.open();
    await app.openNewGame();
    expect(await clippedOptions(page, 'variant'), 'no English name cut').toEqual([]);
    await page.selectOption('#opponent', 'computer');
    for (const id of ['level', 'side']) expect(await clippedOptions(page, id), `no #${id} option cut`).toEqual([]);
    await app.press('#new-game-cancel');
    await app.setting('language', 'ru');
    await app.openNewGame();
    expect(await page.locator('#variant option[value="international"]').textContent()).toBe('Международные шашки');
    expect(await clippedOptions(page, 'variant'), 'no Russian name cut').toEqual([]);
    await app.shot('new-game-sheet-ru');
  });

  test("the board stays where it is whatever the variant's name and description (defect 9)", async ({ app, page }) => {
    await app.open();
    const top = () => page.$eval('#board', (b) => Math.round(b.getBoundingClientRect().top + scrollY));
    const at = await top();
    // The shortest and the longest names and summaries.
    for (const variant of ['frisian', 'english', 'antidraughts', 'international']) {
      await app.newGame({ variant });
      expect(await top(), `${variant}: the board at the same height`).toBe(at);
    }
  });

  test('the first screen does not shift when the engine fills it in (defect 10)', async ({ app, page }) => {
    await page.addInitScript(() => {
      window.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The page's module late, as on a slow network: the first screen is painted before it comes.
    await page.route(/\.wasm$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await app.open();
    // Two frames after the first render: whatever it filled in has been laid out.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const total = await page.evaluate(() => window.shifts.reduce((a, b) => a + b, 0));
    expect(total, 'cumulative layout shift of the first load').toBeLessThan(0.02);
    await expect(page.locator('#game-title')).toHaveText('International');
  });
});

test.describe('the new-game sheet', on('phone', 'desktop'), () => {
  test('its choices make the game and are remembered: variant, computer, level, side, clock', async ({ app, page }) => {
    await app.open();
    await app.openNewGame();
    await page.selectOption('#variant', 'english');
    const summary = [await app.text('#variant-summary-1'), await app.text('#variant-summary-2')];
    expect(summary.join(' '), "English's summary under the picker").toMatch(/8×8/);
    await expect(page.locator('#level'), 'no level for two players').toBeHidden();
    await page.selectOption('#opponent', 'computer');
    await page.selectOption('#level', '2');
    await page.selectOption('#side', 'white');
    await page.selectOption('#clock', '180+2');
    await app.press('#new-game-start');
    await expect(page.locator('#game-title')).toHaveText('English / Checkers');
    await expect(page.locator('.card-white .who')).toContainText('Computer 2');
    await expect(page.locator('.card-black .who')).not.toContainText('Computer');
    // The player's clock only (Black's: English starts with Black, the player).
    await expect(page.locator('#clock-black')).toHaveText('3:00');
    await expect(page.locator('#clock-white')).toBeHidden();
    // The player's pieces at the bottom: Black's 1–12 are drawn at the bottom.
    expect(await app.topLeftSquare(), 'the board turned for Black').toBe('32');
    await app.reload();
    await app.openNewGame();
    expect(
      await Promise.all(['variant', 'opponent', 'level', 'side', 'clock', 'start-from'].map((id) => page.inputValue(`#${id}`))),
      'the last choices, after a reload',
    ).toEqual(['english', 'computer', '2', 'white', '180+2', 'standard']);
    // Cancel starts nothing.
    const before = await app.game();
    await app.press('#new-game-cancel');
    expect(await app.game()).toEqual(before);
  });

  test('a start position in FEN: refused in words until it reads, Enter starts it', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    await app.openNewGame();
    await page.selectOption('#start-from', 'fen');
    await expect(page.locator('#start-fen')).toBeVisible();
    await app.press('#new-game-start');
    await expect(page.locator('#new-game-error')).toHaveText(/Type or paste the position's FEN/);
    await page.fill('#start-fen', 'W:W31-50:BX99');
    await app.press('#new-game-start');
    await expect(page.locator('#new-game-error')).toContainText('X99');
    await expect(page.locator('dialog#new-game[open]'), 'the sheet stays open').toHaveCount(1);
    expect((await app.game()).ply, 'the game in progress untouched').toBe(1);
    await page.fill('#start-fen', 'B:W28,K50:B19');
    await page.press('#start-fen', 'Enter');
    await expect(page.locator('dialog#new-game[open]')).toHaveCount(0);
    const g = await app.game();
    expect([g.fen, g.ply], 'the position set').toEqual(['B:W28,K50:B19', 0]);
    await app.openNewGame();
    expect(await page.inputValue('#start-fen'), 'the FEN typed is kept').toBe('B:W28,K50:B19');
    expect(await page.inputValue('#start-from'), 'the start position is chosen each time').toBe('standard');
  });

  test("a position set up on another variant's board, with the sheet's opponent", async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    await app.newGame({ variant: 'russian', opponent: 'computer', level: 1, start: 'setup' });
    await expect(page.locator('#editor')).toBeVisible();
    await expect(page.locator('#board [data-square]'), "Russian's board to set up").toHaveCount(32);
    // Cancel: back to the International game, as it was.
    await app.press('#edit-cancel');
    await expect(page.locator('#board [data-square]')).toHaveCount(50);
    const g = await app.game();
    expect([g.variant, g.ply]).toEqual(['international', 1]);
    // Again, and played: a Russian game against the computer.
    await app.newGame({ start: 'setup' });
    await expect(page.locator('#board [data-square]')).toHaveCount(32);
    await app.press('#edit-play');
    await expect(page.locator('#editor')).toBeHidden();
    expect((await app.game()).variant).toBe('russian');
    await expect(page.locator('.card-black .who')).toContainText('Computer 1');
  });

  test('a game opened from the library keeps its own opponent and clock', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    await app.saved();
    const plain = await page.evaluate(() => window.draughts.storage.id);
    await app.newGame({ opponent: 'computer', clock: '300+3' });
    await expect(page.locator('#clock-white')).toHaveText('5:00');
    await app.openFromLibrary(plain);
    await expect(page.locator('#clock-white'), 'no clock in the game opened').toBeHidden();
    await expect(page.locator('#clock-pause')).toBeHidden();
    for (const side of ['white', 'black']) await expect(page.locator(`.card-${side} .who`)).not.toContainText('Computer');
  });

  test('the toolbar keeps what a game in progress needs', async ({ app, page }) => {
    await app.open();
    const ids = await page.$$eval('.toolbar > *', (els) => els.map((e) => e.id));
    expect(ids).toEqual(['undo', 'redo', 'flip', 'hint', 'resign', 'offer-draw', 'share', 'export-pdn', 'clock-pause']);
    await expect(page.locator('#clock-pause'), 'the clock button only with a clock').toBeHidden();
    await app.newGame({ clock: '180+2' });
    await app.play([[32, 28]]);
    await expect(page.locator('#clock-pause')).toHaveText('❚❚ Pause the clock');
  });
});
