// Against the computer (which thinks in a Web Worker), on the phone: the picker, a full game at
// level 1 with a hint, an undo and a reload on the way, the page while level 6 thinks, and every
// way of cancelling a search. No check depends on the machine's speed: waits are for states, with
// generous limits (timing figures are in measurements.spec.mjs).
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';
import { cores, flipTwice, helperWorkers, measured, thinkingThen } from './helpers.mjs';

const START = 'W:W31-50:B1-20';

/** Longer than level 6 thinks (about 3 s): a cancelled search that still landed would show. */
const LONGER_THAN_LEVEL_6 = 3500;

test.describe('against the computer', on('phone'), () => {
  test('opponent picker: levels named by the engine', async ({ app, page }) => {
    await app.open();
    await app.openNewGame();
    await expect(page.locator('#level'), 'level hidden for two players').toBeHidden();
    await page.selectOption('#opponent', 'computer');
    await expect(page.locator('#level'), 'level shown against the computer').toBeVisible();
    const levels = await page.$$eval('#level option', (os) => os.map((o) => `${o.value}=${o.textContent}`));
    expect(levels, 'six levels').toHaveLength(6);
    expect(levels[0], 'level 1 named').toBe('1=1 · Beginner');
    expect(levels[5], 'level 6 named').toBe('6=6 · Master');
    const side = await page.$$eval('#side option', (os) => os.map((o) => o.textContent));
    for (const t of side) expect(t, 'side labels').toMatch(/^Computer: (White|Black)$/);
    await app.shot('computer-picker');
  });

  test('a full game against level 1 (English), played by taps, to the result dialog', async ({ app, page }) => {
    // No wall-clock limit: the ply limit below stops a game that does not end.
    test.setTimeout(600_000);
    await app.recordResultDialog();
    await app.open();
    // The computer takes White at level 1 before the English game starts: the player is Black
    // and moves first.
    await app.newGame({ opponent: 'computer', level: 1, side: 'white', variant: 'english' });
    expect((await app.game()).ply, 'a new English game').toBe(0);
    expect(await app.text('.card-white .who'), "the computer's card is named, with its level").toContain('Computer 1');
    const t0 = Date.now();
    let reloaded = false;
    let undone = false;
    let hinted = false;
    for (;;) {
      await app.playersTurn();
      const g = await app.game();
      if (g.state !== 'ongoing') break;
      expect(g.ply, `game still going after ${g.ply} plies`).toBeLessThan(500);
      if (g.ply === 4 && !hinted) {
        hinted = true;
        await app.press('#hint');
        await page.waitForSelector('#board .is-hint');
        const squares = await page.$$eval('#board .is-hint', (els) => els.map((e) => +e.dataset.square));
        const legal = await app.legal();
        const match = legal.some((m) => [m.from, ...m.path].every((x) => squares.includes(x)) && squares.length === m.path.length + 1);
        expect(match, `hint squares ${squares} are a legal move`).toBe(true);
        expect((await app.game()).ply, 'the hint is not played').toBe(g.ply);
        expect(await app.text('#message-text'), 'the hint is named in the message, with its depth').toMatch(/^Hint: \S+ \(depth \d+\)$/);
        await app.shot('computer-hint');
      }
      if (g.ply === 6 && !undone) {
        // Undo takes back the computer's reply and the player's move: the player is to move again.
        undone = true;
        await app.press('#undo');
        const u = await app.game();
        expect([u.ply, u.turn], 'after undo: ply 4, Black to move').toEqual([4, 'black']);
        expect(await app.bodyHas('is-thinking'), 'not thinking after undo').toBe(false);
        continue;
      }
      await app.tapMove();
      if (g.ply === 8 && !reloaded) {
        // Reload while the computer is to move: it starts thinking again after the restore.
        reloaded = true;
        await app.reload();
        // The game's own opponent, level and side come back with it.
        expect(await app.text('.card-white .who'), 'opponent, level and side restored').toContain('Computer 1');
        expect(await app.text('.card-black .who'), 'the player is Black').not.toContain('Computer');
      }
    }
    expect([hinted, undone, reloaded], 'the hint, the undo and the reload happened').toEqual([true, true, true]);
    const plies = (await app.game()).ply;
    await app.waitForResult();
    const r = await app.text('dialog#result');
    // Against the computer the dialog speaks to the player.
    expect(await app.text('#result-title'), 'result title').toMatch(/^(You win|You lose|Draw)$/);
    expect(await app.text('#result-reason'), 'result reason').toMatch(/you|the computer|^By /i);
    expect(r, 'no colour-only result against the computer').not.toMatch(/White wins|Black wins/);
    measured('computer', `full English game v level 1 (${plies} plies; ${r.split('\n')[0]})`, `${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await app.shot('computer-game-over');
    await app.press('#result-close');
  });

  test('level 6 thinks in the worker: the page stays responsive', async ({ app, page }) => {
    await app.open();
    await app.noBook(); // level 6 must search here, not answer from its opening book
    await app.newGame({ opponent: 'computer', level: 6 }); // the computer plays Black
    expect((await app.game()).ply, 'a new International game').toBe(0);
    // The status says how deep it looks, as each depth completes.
    await page.evaluate(() => {
      const status = document.getElementById('status');
      window.depthsShown = [];
      new MutationObserver(() => {
        const m = /depth (\d+)/.exec(status.textContent);
        if (m) window.depthsShown.push(+m[1]);
      }).observe(status, { childList: true, characterData: true, subtree: true });
    });
    await app.press(app.sq(32));
    await app.press(app.sq(28));
    // How long level 6 thinks depends on the machine (it stops at a node count), so everything
    // that must happen while it thinks happens in one task of the page, as soon as it thinks.
    const during = await thinkingThen(page, '.card-black', flipTwice);
    expect(during.card, "thinking indicator on the computer's card").toMatch(/thinking/);
    expect(during.results[0], 'flip works while the computer thinks').toBeGreaterThanOrEqual(0);
    expect(during.stillThinking, 'still thinking after the flips').toBe(true);
    await app.shot('computer-thinking');
    await page.waitForFunction(() => !document.body.classList.contains('is-thinking'), null, { timeout: 60_000 });
    await app.playersTurn();
    expect((await app.game()).ply, 'the computer replied').toBe(2);
    expect((await app.history())[0], 'the player opened 32-28').toBe('32-28');
    const shown = await page.evaluate(() => window.depthsShown);
    const [s] = await app.searches();
    expect(shown.length, `depths shown while it thought: ${shown}`).toBeGreaterThan(3);
    expect(shown.every((d, i) => i === 0 || d > shown[i - 1]), `each deeper than the last: ${shown}`).toBe(true);
    expect(shown.at(-1), "the last depth shown is its move's").toBe(s.depth);
    expect(await app.text('#status'), 'the status is the game\'s again').not.toMatch(/depth/);
  });

  test('level 6 answers from its opening book: at once, nothing searched', async ({ app, page }) => {
    await app.open();
    await app.newGame({ opponent: 'computer', level: 6 }); // the computer plays Black
    await app.press(app.sq(32));
    await app.press(app.sq(28));
    await page.waitForFunction(() => window.draughts.computer.stats.length > 0, null, { timeout: 60_000 });
    await app.playersTurn();
    const [s] = await app.searches();
    expect(s.book, 'the reply came from the book (fetched when first needed)').toBe(true);
    expect([s.nodes, s.score], 'nothing searched, no score').toEqual([0, null]);
    expect((await app.game()).ply, 'the computer replied').toBe(2);
  });

  test('every variant has a book: in Turkish, level 6 opens from it', async ({ app, page }) => {
    await app.open();
    await app.newGame({ opponent: 'computer', level: 6, side: 'white', variant: 'turkish' }); // the computer opens
    await page.waitForFunction(() => window.draughts.computer.stats.length > 0, null, { timeout: 60_000 });
    await app.playersTurn();
    const [s] = await app.searches();
    expect(s.book, "the opening came from Turkish's book").toBe(true);
    expect(s.nodes, 'nothing searched').toBe(0);
    const g = await app.game();
    expect([g.variant, g.ply], 'the computer opened the Turkish game').toEqual(['turkish', 1]);
  });

  test('a page that is not cross-origin isolated: one thread, and the threaded module is never fetched', async ({ app, page, traffic }) => {
    await cores(page, 4);
    await app.open();
    expect(await page.evaluate(() => self.crossOriginIsolated), 'not isolated').toBe(false);
    const r = await app.analyse(START, 'international', 7);
    expect([r.threads, r.helperNodes, r.depth], 'one thread').toEqual([1, 0, 7]);
    expect(helperWorkers(page), 'no helper worker').toBe(0);
    expect(traffic.requests.filter((u) => u.includes('engine-threads-')), 'the threaded module is not fetched').toEqual([]);
  });

  test('undo and new game cancel a search in progress', async ({ app, page }) => {
    await app.open();
    await app.noBook(); // level 6 must search here, not answer from its opening book
    await app.newGame({ opponent: 'computer', level: 6 });
    const start = await app.game();
    await app.tapMove();
    await page.waitForSelector('body.is-thinking');
    await app.press('#undo');
    let g = await app.game();
    expect([g.ply, g.fen], 'undo while thinking takes back the move').toEqual([start.ply, start.fen]);
    expect(await app.bodyHas('is-thinking'), 'thinking stopped by undo').toBe(false);
    await app.tapMove();
    await page.waitForSelector('body.is-thinking');
    await app.newGame();
    expect(await app.bodyHas('is-thinking'), 'thinking stopped by new game').toBe(false);
    // No move of the cancelled search may land.
    await page.waitForTimeout(LONGER_THAN_LEVEL_6);
    g = await app.game();
    expect([g.ply, g.fen], 'start position after new game').toEqual([0, 'W:W31-50:B1-20']);
    await expect(page.locator('#board .piece'), '40 pieces on the board').toHaveCount(40);
    // The fresh worker thinks at once: the computer as White opens the new game.
    await app.newGame({ side: 'white' });
    await page.waitForSelector('body.is-thinking');
    await app.newGame({ opponent: 'human' });
    expect(await app.bodyHas('is-thinking'), 'a new game for two players stops it').toBe(false);
    await page.waitForTimeout(500);
    expect((await app.game()).ply, 'no move in the two players\' game').toBe(0);
  });

  test('redo against the computer replays the move and its reply', async ({ app, page }) => {
    await app.open();
    await app.newGame({ opponent: 'computer', level: 1 }); // the computer plays Black
    expect((await app.game()).ply, 'the player to move at the start').toBe(0);
    expect(await app.bodyHas('is-thinking'), 'not thinking at the start').toBe(false);
    for (let i = 0; i < 2; i++) {
      await app.tapMove();
      await app.playersTurn();
    }
    const before = await app.game();
    expect([before.ply, before.turn], 'two moves each').toEqual([4, 'white']);
    await app.press('#undo');
    expect((await app.game()).ply, 'undo takes back the move and its reply').toBe(2);
    await app.press('#undo');
    expect((await app.game()).ply, 'and again').toBe(0);
    await expect(page.locator('#undo'), 'nothing left to undo').toBeDisabled();
    await app.press('#redo');
    let g = await app.game();
    expect([g.ply, g.turn], 'redo replays the move and the reply').toEqual([2, 'white']);
    expect(await app.bodyHas('is-thinking'), "the computer does not think on the player's turn").toBe(false);
    await app.press('#redo');
    g = await app.game();
    expect([g.ply, g.fen], 'redo again: back to ply 4').toEqual([4, before.fen]);
    await expect(page.locator('#redo'), 'nothing left to redo').toBeDisabled();
    // Nothing lands afterwards: it is the player's turn.
    await page.waitForTimeout(500);
    expect((await app.game()).ply, 'no computer move after redo').toBe(4);
    // The computer's opening move alone is not taken back (it would only play again).
    await app.newGame({ side: 'white' });
    await app.playersTurn();
    expect((await app.game()).ply, 'the computer opened').toBe(1);
    await expect(page.locator('#undo'), "undo is off after the computer's opening move").toBeDisabled();
  });

  test('a variant change while the computer thinks: no move lands, the new start position', async ({ app, page }) => {
    await app.open();
    await app.noBook(); // level 6 must search here, not answer from its opening book
    await app.newGame({ opponent: 'computer', level: 6 }); // the computer plays Black
    expect((await app.game()).ply, 'a new International game').toBe(0);
    await app.tapMove();
    await page.waitForSelector('body.is-thinking');
    // Russian: White (the player) moves first, so the computer has nothing to do afterwards.
    await app.newGame({ variant: 'russian' });
    expect(await app.bodyHas('is-thinking'), 'thinking stopped by the variant change').toBe(false);
    // Counted once the change is made: on a loaded machine the search may have ended while the
    // confirmation was open, and what it reported then is not the cancelled search's doing.
    const searches = (await app.searches()).length;
    await page.waitForTimeout(LONGER_THAN_LEVEL_6);
    const g = await app.game();
    expect([g.ply, g.fen], 'Russian start position').toEqual([0, 'W:W21-32:B1-12']);
    await expect(page.locator('#board [data-square]'), '8×8 board').toHaveCount(32);
    await expect(page.locator('#board .piece'), '24 pieces').toHaveCount(24);
    expect((await app.searches()).length, 'the cancelled search reported nothing').toBe(searches);
    expect(await page.inputValue('#variant'), 'the picker shows Russian').toBe('russian');
  });
});
