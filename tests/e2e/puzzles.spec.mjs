// Puzzles (button#puzzles, puzzles.js and the study module) on the phone: one solved by taps
// (the rating rises, a streak starts, the next is another), one failed (the rating falls, a
// retry is offered and solves it without moving the rating again, the miss is cleared), a hint,
// a capture whose two routes end on the same square (the route is asked for), a damaged record
// read as a newcomer's, a review's own blunder coming back as a puzzle of its own, and a second
// tab's record shown here and added to, not overwritten. The game in progress is untouched
// throughout.
//
// The moves come from the study module itself (`trainer.line()`: the solution's moves as indices
// of each position's legal moves; the solutions are verified natively, crates/engine/tests),
// never from the page's text; the test plays them by taps as a player would.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

const record = (page, variant) =>
  page.evaluate((v) => JSON.parse(localStorage.getItem('draughts.puzzles') || '{}')[v] || null, variant);

/** Plays legal move `index` of the puzzle's position by taps (landing squares on the way where two captures end alike). */
async function tapMove(app, page, index) {
  const m = await page.evaluate((k) => window.draughts.puzzles.board.snap.legal[k], index);
  await app.press(app.sel(m.from));
  await app.press(app.sel(m.to));
  await chooseRoute(app, page, m);
  return m;
}

/** Taps the landing squares of move `m` the board asks for, while it asks (a destination two routes share). */
async function chooseRoute(app, page, m) {
  for (let i = 0; i < m.path.length && (await page.evaluate(() => window.draughts.puzzles.board.target != null)); i++) {
    const prefix = await page.evaluate(() => window.draughts.puzzles.board.prefix.length);
    await app.press(app.sel(m.path[prefix]));
  }
}

/** Solves the puzzle shown by taps: the player's moves of the line, the replies played by the page. */
async function solve(app, page) {
  const line = await page.evaluate(() => [...window.draughts.puzzles.trainer.line()]);
  expect(line.length, 'a solution').toBeGreaterThan(0);
  for (let i = 0; i < line.length; i += 2) {
    // The position before the player's i-th ply: the page has played the replies so far.
    await expect.poll(() => page.evaluate(() => window.draughts.puzzles.board.busy)).toBe(false);
    await tapMove(app, page, line[i]);
    if (i + 2 < line.length) {
      await expect(page.locator('#puzzle .puzzle-said')).toHaveAttribute('data-right', 'true');
    }
  }
  await expect(page.locator('#puzzle')).toHaveAttribute('data-state', 'solved');
  await expect(page.locator('#puzzle .puzzle-said')).toHaveAttribute('data-right', 'true');
}

async function openPuzzles(app, page, variant = 'international') {
  await app.press('#puzzles');
  await expect(page.locator('#puzzle')).toBeVisible();
  if ((await page.inputValue('#puzzle-variant')) !== variant) await page.selectOption('#puzzle-variant', variant);
  await expect(page.locator('#puzzle')).toHaveAttribute('data-state', 'playing');
}

test.describe('puzzles', on('phone'), () => {
  test("another tab's try shows here, and a try here adds to it", async ({ app, page }) => {
    await app.open();
    await openPuzzles(app, page);
    await expect(page.locator('#puzzle .puzzle-rating')).toHaveText('Your rating: 1500');
    // A second tab of the page keeps a record of its own tries (as its trainer would).
    const other = await page.context().newPage();
    await other.goto(page.url());
    await other.evaluate(() => {
      const all = JSON.parse(localStorage.getItem('draughts.puzzles') || '{}');
      all.international = { rating: 1612.4, deviation: 200, volatility: 0.06, streak: 3, best: 3, solved: ['elsewhere'], missed: ['missed-there'] };
      localStorage.setItem('draughts.puzzles', JSON.stringify(all));
    });
    await expect(page.locator('#puzzle .puzzle-rating')).toHaveText('Your rating: 1612');
    await expect(page.locator('#puzzle .puzzle-streak')).toContainText('3');
    await expect(page.locator('#puzzle-misses')).toBeVisible();
    await other.close();
    // Solved here: the rating rises from the other tab's, whose ids are kept.
    const id = await page.getAttribute('#puzzle', 'data-id');
    await solve(app, page);
    const r = await record(page, 'international');
    expect(r.rating).toBeGreaterThan(1612.4);
    expect(r.streak).toBe(4);
    expect(r.solved).toEqual(['elsewhere', id]);
    expect(r.missed).toEqual(['missed-there']);
  });

  test('a puzzle solved by taps raises the rating; the next is another; the game is untouched', async ({ app, page }) => {
    await app.open();
    await app.play([
      [32, 28],
      [19, 23],
    ]);
    const before = { fen: await app.fen(), moves: await app.history() };
    await openPuzzles(app, page);
    await expect(page.locator('#puzzle .puzzle-rating')).toHaveText('Your rating: 1500');
    await expect(page.locator('#puzzle .puzzle-task')).toHaveText(/^(White|Black) to play and win\.$/);
    await app.shot('puzzle-start');
    const id = await page.getAttribute('#puzzle', 'data-id');
    await solve(app, page);
    await app.shot('puzzle-solved');
    const r = await record(page, 'international');
    expect(r.rating, 'a win raises the rating').toBeGreaterThan(1500);
    expect(r.deviation).toBeLessThan(350);
    expect(r.streak).toBe(1);
    expect(r.solved).toEqual([id]);
    await expect(page.locator('#puzzle .puzzle-rating')).toHaveText(`Your rating: ${Math.round(r.rating)}`);
    await expect(page.locator('#puzzle .puzzle-delta')).toHaveText(/^\+\d+$/);
    await app.press('#puzzle-next');
    await expect(page.locator('#puzzle')).toHaveAttribute('data-state', 'playing');
    expect(await page.getAttribute('#puzzle', 'data-id')).not.toBe(id);
    // Another variant's set, from the picker.
    await page.selectOption('#puzzle-variant', 'english');
    await expect(page.locator('#puzzle')).toHaveAttribute('data-state', 'playing');
    expect(await page.locator('#board [data-square]').count()).toBe(32);
    // The language changed while a puzzle is shown: its words follow, the puzzle stays.
    await expect(page.locator('#game-title')).toHaveText('English / Checkers');
    const english = await page.getAttribute('#puzzle', 'data-id');
    await app.setting('language', 'fr');
    await expect(page.locator('#puzzle .puzzle-task')).toHaveText(/^Les (Blancs|Noirs) jouent et gagnent\.$/);
    await expect(page.locator('#puzzle-leave')).toHaveText('Retour à la partie');
    await expect(page.locator('#puzzle .puzzle-rating')).toHaveText(/^Votre classement : \d+$/);
    expect(await page.getAttribute('#puzzle', 'data-id')).toBe(english);
    await app.setting('language', 'en');
    await app.press('#puzzle-leave');
    await expect(page.locator('#puzzle')).toBeHidden();
    await expect(page.locator('#game-title')).toHaveText('International');
    expect(await page.locator('#board [data-square]').count()).toBe(50);
    expect({ fen: await app.fen(), moves: await app.history() }).toEqual(before);
  });

  test('a miss lowers the rating and offers a retry, which solves it without rating it again', async ({ app, page }) => {
    // A damaged record is read as a newcomer's.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('draughts.puzzles', '{"international": {"rating": "x", "solved": 5}');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await app.open();
    await openPuzzles(app, page);
    await expect(page.locator('#puzzle .puzzle-rating')).toHaveText('Your rating: 1500');
    const id = await page.getAttribute('#puzzle', 'data-id');
    const line = await page.evaluate(() => [...window.draughts.puzzles.trainer.line()]);
    const legal = await page.evaluate(() => window.draughts.puzzles.board.snap.legal);
    const wrong = legal.find((m) => m.index !== line[0]);
    await tapMove(app, page, wrong.index);
    await expect(page.locator('#puzzle .puzzle-said')).toHaveAttribute('data-right', 'false');
    await expect(page.locator('#puzzle .puzzle-said')).toHaveText('Not that move. Try again, or take a hint.');
    await expect(page.locator('#puzzle-retry')).toBeVisible();
    await app.shot('puzzle-missed');
    const missed = await record(page, 'international');
    expect(missed.rating, 'a miss lowers the rating').toBeLessThan(1500);
    expect(missed.streak).toBe(0);
    expect(missed.missed).toEqual([id]);
    await expect(page.locator('#puzzle-misses')).toHaveText('Retry misses (1)');
    // The retry: the same puzzle from its start; solving it leaves the rating where the miss put it.
    await app.press('#puzzle-retry');
    await expect(page.locator('#puzzle')).toHaveAttribute('data-id', id);
    await solve(app, page);
    const after = await record(page, 'international');
    expect(after.rating).toBe(missed.rating);
    expect(after.missed).toEqual([]);
    expect(after.solved).toEqual([id]);
    // A hint marks the piece to move, a second one draws the move; the try counts as lost.
    await app.press('#puzzle-next');
    await expect(page.locator('#puzzle')).toHaveAttribute('data-state', 'playing');
    const next = await page.evaluate(() => {
      const p = window.draughts.puzzles;
      return p.board.snap.legal[p.trainer.line()[0]];
    });
    await app.press('#puzzle-hint');
    await expect(page.locator(app.sel(next.from))).toHaveClass(/\bis-selected\b/);
    await app.press('#puzzle-hint');
    await expect(page.locator('svg.board-arrow')).toHaveAttribute('data-arrow', [next.from, ...next.path].join('-'));
    await app.shot('puzzle-hint');
    expect((await record(page, 'international')).rating).toBeLessThan(after.rating);
  });

  test('a capture with two routes to the same square asks for the route, as the game does', async ({ app, page }) => {
    await app.open();
    await openPuzzles(app, page);
    // A shipped puzzle whose solution starts with such a capture (found in the set, whatever its order).
    const m = await page.evaluate(() => {
      const { engine, puzzles: p } = window.draughts;
      for (let i = 0; i < p.trainer.count(); i++) {
        const h = engine.fromFen(p.trainer.start(i).fen, 'international');
        const legal = h.snapshot(undefined, undefined).legal;
        h.free();
        const first = legal[p.trainer.line()[0]];
        if (legal.some((o) => o !== first && o.from === first.from && o.to === first.to)) {
          p.begin(i);
          return first;
        }
      }
      return null;
    });
    expect(m, 'a puzzle of the set starts with a capture of two routes').not.toBeNull();
    await app.press(app.sel(m.from));
    await app.press(app.sel(m.to));
    // The route is asked for: the next landing squares ringed, the question on the message line.
    await expect(page.locator('#board .is-waypoint').first()).toBeVisible();
    await expect(page.locator('#puzzle .puzzle-said')).toContainText('Several capture paths');
    await expect(page.locator('#puzzle')).toHaveAttribute('data-state', 'playing');
    await app.shot('puzzle-route');
    await chooseRoute(app, page, m);
    await expect(page.locator('#puzzle')).toHaveAttribute('data-state', 'solved');
    await expect(page.locator('#puzzle .puzzle-said')).toHaveAttribute('data-right', 'true');
  });

  test("a reviewed game's own blunder comes back as a puzzle of its own", async ({ app, page }) => {
    await app.open();
    // White's 28-23 hands the only black man a capture where 46-41 wins; played on this board,
    // both sides are the player's own.
    const pdn = await page.evaluate(() => {
      const g = window.draughts.engine.fromFen('W:W28,46:B18', 'international');
      g.applyMove('28-23');
      const t = g.pdn();
      g.free();
      return t;
    });
    await app.openImport();
    await page.fill('#import-text', pdn);
    await app.press('#import-load');
    await expect(page.locator('#import-dialog[open]')).toHaveCount(0);
    if (await page.locator('dialog#result[open]').count()) await app.press('#result-close');
    await app.press('#review');
    await expect(page.locator('#eval-chart polygon'), 'the chart').toHaveCount(1, { timeout: 60_000 });
    await expect(page.locator('#moves [data-ply="1"]')).toHaveClass(/\bis-blunder\b/);
    // Kept once the review's worker has turned the blunder into a puzzle, after the review shows.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('draughts.mistakes') || '{}').international), { timeout: 30_000 })
      .toEqual(['international\tW:W28,46:B18\t46-41\tmistake']);
    await app.press('#puzzles');
    await expect(page.locator('#puzzle-mistakes')).toHaveText('Your mistakes (1)');
    await app.press('#puzzle-mistakes');
    await expect(page.locator('#puzzle')).toHaveAttribute('data-mode', 'mistakes');
    await expect(page.locator('#puzzle')).toHaveAttribute('data-theme', 'mistake');
    await expect(page.locator('#puzzle .puzzle-task')).toHaveText('From your own game: find a better move than the one you played.');
    await app.shot('puzzle-mistake');
    await app.press(app.sel(46));
    await app.press(app.sel(41));
    await expect(page.locator('#puzzle')).toHaveAttribute('data-state', 'solved');
    // Found without help: it leaves the list; the rating is not moved by one's own mistakes.
    await expect(page.locator('#puzzle-mistakes')).toHaveText('Your mistakes (0)');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('draughts.mistakes')).international)).toEqual([]);
    expect((await record(page, 'international'))?.rating ?? 1500).toBe(1500);
    await app.press('#puzzle-next');
    await expect(page.locator('#puzzle')).toHaveAttribute('data-state', 'empty');
    await expect(page.locator('#puzzle .puzzle-task')).toHaveText(/^No mistakes of yours kept in International yet/);
    // Back to the set.
    await app.press('#puzzle-mistakes');
    await expect(page.locator('#puzzle')).toHaveAttribute('data-state', 'playing');
    await expect(page.locator('#puzzle')).toHaveAttribute('data-mode', 'set');
  });
});
