// Variants: the picker, English on 8×8, flip and auto-rotate, the Turkish and turned Italian
// boards, every newer variant played to its result against the computer, and a variant's game
// saved and imported as itself.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';
import { GIVE_AWAY, measured } from './helpers.mjs';

// The variants added after the first four, each played to its result on the phone.
const NEW_VARIANTS = ['frisian', 'frysk', 'antidraughts', 'breakthrough', 'italian', 'spanish', 'portuguese', 'czech', 'pool', 'turkish'];

/** Cells on screen: `[{ square, label, x, y, w }]`, rounded centres. */
const cells = (page) =>
  page.$$eval('#board [data-square]', (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { square: +e.dataset.square, label: e.querySelector('.num').textContent, x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2), w: r.width };
    }),
  );

test.describe('English, flip and auto-rotate', on('desktop', 'phone'), () => {
  test('switching to English: 8×8 board, Black to move', async ({ app, page }) => {
    await app.open();
    await app.newGame({ variant: 'english' });
    await expect(page.locator('#board [data-square]')).toHaveCount(32);
    expect(await page.getAttribute('#board', 'data-size'), '8×8 board').toBe('8');
    expect(await app.text('#turn'), 'Black moves first in English').toContain('Black');
    await expect(page.locator('#board .piece.black.man'), '12 black men').toHaveCount(12);
    expect((await app.text('#count-white')).trim(), '#count-white is 12').toBe('12');
    await app.shot('english');
  });

  test('flip, auto-rotate and face-to-face', async ({ app, page }) => {
    await app.open();
    await app.newGame({ variant: 'english' });
    await expect(page.locator('#board [data-square]')).toHaveCount(32);
    expect(await app.topLeftSquare(), 'square 1 at the top-left').toBe('1');
    await app.press('#flip');
    expect(await app.topLeftSquare(), 'square 32 at the top-left when flipped').toBe('32');
    await app.press('#flip');
    // Black is to move in English: turning the board to the side to move puts 32 top-left.
    await app.setting('auto-rotate');
    expect(await app.topLeftSquare(), 'auto-rotate turns the board to Black').toBe('32');
    await app.setting('auto-rotate');
    await app.press('#flip');
    expect(await app.topLeftSquare(), 'square 1 at the top-left again').toBe('1');
    await app.setting('face-to-face');
    await app.shot('face-to-face');
    await app.setting('face-to-face');
  });

  test('a saved Turkish game and an imported Italian PDN come back as themselves', async ({ app, page }) => {
    await app.open();
    await app.newGame({ variant: 'turkish' });
    await app.tapMove(() => 0);
    const before = await app.fen();
    await app.reload();
    await expect(page.locator('#game-title'), 'the title line names Turkish after reload').toHaveText('Turkish');
    expect(await app.fen(), 'same Turkish position after reload').toBe(before);
    await expect(page.locator('#board [data-square]'), '64 cells after reload').toHaveCount(64);
    // Italian PDN (GameType 22) imported while Turkish is selected.
    await app.openImport();
    await page.fill('#import-text', '[GameType "22"]\n1. 21-17 10-14 *');
    await app.press('#import-load');
    await expect.poll(async () => (await app.game()).variant).toBe('italian');
    await expect(page.locator('#game-title'), 'the title line follows the imported game').toHaveText('Italian');
    expect((await app.game()).ply, 'two moves imported').toBe(2);
  });
});

test.describe('every variant', on('phone'), () => {
  test("the variant picker lists the engine's variants, with the summary", async ({ app, page }) => {
    await app.open();
    await app.openNewGame();
    const variants = await app.variants();
    const options = await page.$$eval('#variant option', (os) => os.map((o) => [o.value, o.textContent]));
    expect(variants.length, 'variants from the engine').toBe(14);
    expect(options, 'the options are the engine’s names and titles').toEqual(variants.map((v) => [v.name, v.title]));
    // The summary under the picker changes with the choice, before any game starts.
    for (const name of ['frisian', 'czech']) {
      await page.selectOption('#variant', name);
      const v = variants.find((x) => x.name === name);
      const shown = [await app.text('#variant-summary-1'), await app.text('#variant-summary-2')].join('\n');
      expect(shown, `${name} summary shown`).toBe(v.summary);
    }
  });

  test('the Turkish board: 64 playable cells in an 8×8 grid, squares named algebraically', async ({ app, page }) => {
    await app.open();
    await app.newGame({ variant: 'turkish' });
    await expect(page.locator('#board [data-square]')).toHaveCount(64);
    const c = await cells(page);
    const xs = new Set(c.map((x) => x.x));
    const ys = new Set(c.map((x) => x.y));
    const at = new Set(c.map((x) => `${x.x},${x.y}`));
    expect([xs.size, ys.size, at.size], 'columns, rows, cells').toEqual([8, 8, 64]);
    expect(await page.getAttribute('#board', 'data-size'), 'data-size 8').toBe('8');
    await expect(page.locator('#board .piece.white.man'), '16 white men').toHaveCount(16);
    await expect(page.locator('#board .piece.black.man'), '16 black men').toHaveCount(16);
    const topLeft = c.reduce((a, x) => (x.y < a.y || (x.y === a.y && x.x < a.x) ? x : a));
    expect(topLeft.label, 'top-left cell label').toBe('a8');
    expect(await app.sq(41).getAttribute('aria-label'), 'accessible name of a3').toBe('a3, white man');
  });

  test('the Italian board is turned: a1 light, square 1 top-left', async ({ app, page }) => {
    await app.open();
    await app.newGame({ variant: 'italian' });
    await expect(page.locator('#board [data-square]')).toHaveCount(32);
    const c = await cells(page);
    const board = await page.locator('#board').boundingBox();
    const w = c[0].w;
    const cellAt = (col, row) => c.find((x) => Math.abs(x.x - (board.x + (col + 0.5) * w)) < w / 2 && Math.abs(x.y - (board.y + (row + 0.5) * w)) < w / 2);
    expect(cellAt(0, 7), 'no playable cell at the bottom-left (a1 is light)').toBeUndefined();
    expect(cellAt(0, 0)?.square, 'square 1 at the top-left').toBe(1);
    expect(cellAt(7, 7)?.square, 'square 32 at the bottom-right').toBe(32);
  });

  test.describe('against the computer (level 1)', () => {
    // Motion is reduced so that the slides do not slow the games down.
    test.use({ reducedMotion: 'reduce' });

    for (const name of NEW_VARIANTS) {
      test(`${name}: a game by taps against the computer (level 1) to the result dialog`, async ({ app, page }) => {
        // No wall-clock limit: the ply limit below stops a game that does not end.
        test.setTimeout(300_000);
        await app.recordResultDialog();
        await app.open();
        const v = (await app.variants()).find((x) => x.name === name);
        const player = v.first; // the player moves first; the computer has the other side
        // The computer at level 1 takes the side that does not move first: the new game starts
        // with the player to move.
        await app.newGame({ opponent: 'computer', level: 1, side: player === 'white' ? 'black' : 'white', variant: name });
        expect((await app.game()).ply, `${name}: a new game`).toBe(0);
        const t0 = Date.now();
        for (;;) {
          await app.playersTurn();
          const ply = await app.plyIfOngoing();
          if (ply < 0) break;
          expect(ply, `${name}: game still going after ${ply} plies`).toBeLessThan(400);
          await app.tapMove(GIVE_AWAY);
        }
        await app.waitForResult();
        const st = await app.resultFor(player);
        const title = await app.text('#result-title');
        const reason = await app.text('#result-reason');
        expect(title, `${name}: result title as the engine words it`).toBe(st.title);
        expect(title, `${name}: result title speaks to the player`).toMatch(/^You (win|lose)$|^Draw$/);
        expect(reason.toLowerCase(), `${name}: result reason as the engine words it`).toBe(`${st.detail}.`.toLowerCase());
        expect(st.computerMoves, `${name}: the computer played`).toBeGreaterThan(0);
        expect(st.lastSearch, `${name}: the computer's last search was in this variant`).toBe(name);
        if (name === 'breakthrough') {
          // Usually the computer crowns first; giving pieces away, the player may run out first
          // (the computer's play is seeded at random). Either way the engine's words say which.
          expect(['first-king', 'no-pieces'], 'breakthrough ends with a king crowned or no pieces').toContain(st.reason);
          expect(reason, 'breakthrough: the reason in words').toMatch(st.reason === 'first-king' ? /first king/ : /no pieces left/);
        }
        if (name === 'antidraughts' && st.reason === 'no-pieces') {
          expect(reason, 'antidraughts: having no pieces wins').toMatch(/no pieces left, and that wins/);
        }
        measured('variants', `${v.title} v level 1 (${st.ply} plies; ${title}: ${st.detail})`, `${((Date.now() - t0) / 1000).toFixed(1)} s`);
        if (name === 'turkish') await app.shot('variants-turkish-game-over');
      });
    }
  });
});
