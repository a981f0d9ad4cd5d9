// Issue 12 §5, "Defects found on a phone": one test per defect, each failing on the page before
// its fix. Screenshots of the fixed page on every viewport: `<project>-phone-defects.png`.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_VIEWPORTS, DIST, PREFIX, on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';
import { startServer } from './server.mjs';

/** WCAG contrast ratio of two CSS colours (any syntax the browser knows), `over` the second. */
function contrast(page, fg, bg) {
  return page.evaluate(
    ([fg, bg]) => {
      const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
      const pixel = (...colors) => {
        ctx.clearRect(0, 0, 1, 1);
        for (const c of colors) {
          ctx.fillStyle = c;
          ctx.fillRect(0, 0, 1, 1);
        }
        return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const lum = ([r, g, b]) => {
        const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
      };
      const a = lum(pixel(bg, fg)); // a translucent foreground blends over the background
      const b = lum(pixel(bg));
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    },
    [fg, bg],
  );
}

/** Pastes `text` in the import dialog and presses Load. */
async function importText(app, page, text) {
  await app.openImport();
  await page.fill('#import-text', text);
  await app.press('#import-load');
}

test.describe('a slow network', on('desktop'), () => {
  test('a reload on a server answering after 8 s is interactive within 2 s, and a new build still comes', async ({ browser }) => {
    // A copy of dist/ that the test can change into a "new build".
    const dir = mkdtempSync(join(tmpdir(), 'draughts-dist-'));
    cpSync(DIST, dir, { recursive: true });
    let delay = 0;
    const server = await startServer({ dir, port: 0, prefix: PREFIX, delay: () => delay });
    const base = `http://127.0.0.1:${server.address().port}${PREFIX}`;
    const ctx = await browser.newContext();
    try {
      const page = await ctx.newPage();
      await page.goto(base);
      await page.waitForSelector('body.is-ready');
      await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller);

      delay = 8000;
      const t0 = Date.now();
      await page.reload({ waitUntil: 'commit' });
      await page.waitForSelector('body.is-ready', { timeout: 20_000 });
      await page.locator('#board [data-square="32"]').click();
      await expect(page.locator('#board [data-square="28"]')).toHaveClass(/\bis-dest\b/);
      const ms = Date.now() - t0;
      test.info().annotations.push({ type: 'measured', description: JSON.stringify(['time', 'reload with an 8 s server: board interactive', `${ms} ms`]) });
      expect(ms, 'board interactive within 2 s on a server answering after 8 s').toBeLessThan(2000);

      // A new build: its page and its (unhashed) main.js change together. It shows on a later
      // load, never as the new page with the old scripts.
      delay = 0;
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      writeFileSync(join(dir, 'index.html'), html.replace('<title>', '<meta name="build" content="two"><title>'));
      writeFileSync(join(dir, 'www/main.js'), `${readFileSync(join(dir, 'www/main.js'), 'utf8')}\nwindow.buildMark = 'two';\n`);
      let seen = null;
      for (let i = 0; i < 6 && !seen; i++) {
        await page.reload();
        await page.waitForSelector('body.is-ready');
        const state = await page.evaluate(() => ({ page: !!document.querySelector('meta[name=build]'), script: window.buildMark === 'two' }));
        expect(state.page, `load ${i + 1}: page and scripts of one build`).toBe(state.script);
        if (state.page) seen = i + 1;
        else await page.waitForTimeout(500);
      }
      expect(seen, 'the new build is picked up on a later load').not.toBeNull();
    } finally {
      await ctx.close();
      await new Promise((ok) => server.close(ok));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('messages', on('phone', 'small-phone'), () => {
  test('a 200 KB corrupted save and a 1 MB import give short messages that never cover the controls', async ({ app, page }) => {
    await app.open();
    const huge = '9'.repeat(200_000);
    await page.evaluate((v) => localStorage.setItem('draughts.save', JSON.stringify({ format: 'draughts-save', version: 1, variant: v, ply: 0, pdn: '*' })), huge);
    await app.reload();
    const message = page.locator('#message');
    await expect(message).toContainText('could not be restored');
    const text = await page.locator('#message-text').innerText();
    expect(text.length, 'the message quotes a short excerpt').toBeLessThan(400);
    const box = await message.boundingBox();
    expect(box.height, 'the message has a bounded height').toBeLessThanOrEqual(80);
    // Every toolbar button stays where a finger can reach it, uncovered.
    for (const id of ['open-new-game', 'undo', 'resign', 'share']) {
      const b = await page.locator(`#${id}`).boundingBox();
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.id, [b.x + b.width / 2, b.y + b.height / 2]);
      if (b.y + b.height / 2 < page.viewportSize().height) expect(hit, `#${id} is not covered`).toBe(id);
    }
    // Dismissible.
    await app.press('#message-close');
    await expect(message).toBeHidden();

    // A megabyte of pasted text: the error stays short and Load and Cancel stay on screen.
    await importText(app, page, `1. 32-${'9'.repeat(1_000_000)} *`);
    const error = page.locator('#import-error');
    await expect(error).toBeVisible();
    expect((await error.innerText()).length, 'the import error quotes a short excerpt').toBeLessThan(400);
    for (const id of ['import-load', 'import-close']) await expect(page.locator(`#${id}`)).toBeInViewport();
    await app.press('#import-close');
  });

  test('the toolbar does not move when a message comes and goes', async ({ app, page }) => {
    await app.open();
    // Where the button is on the page (a tap may scroll the page; that is not the toolbar moving).
    const y = () => page.$eval('#undo', (b) => b.getBoundingClientRect().top + window.scrollY);
    const before = await y();
    await app.press(app.sq(46)); // a White man that cannot move: a message explains it
    await expect(page.locator('#message')).toBeVisible();
    expect(await y(), 'toolbar unmoved with the message').toBe(before);
    await app.press('#message-close');
    await expect(page.locator('#message')).toBeHidden();
    expect(await y(), 'toolbar unmoved after it').toBe(before);
  });
});

test.describe('landscape phone', on('landscape'), () => {
  test('board as large as the height allows, controls and moves beside it', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    const vp = page.viewportSize();
    const board = await page.locator('#board').boundingBox();
    expect(board.height, 'the board takes nearly the whole height').toBeGreaterThanOrEqual(vp.height - 24);
    expect(board.y + board.height).toBeLessThanOrEqual(vp.height);
    for (const sel of ['#open-new-game', '#undo', '#resign', '.moves-box']) {
      const b = await page.locator(sel).boundingBox();
      expect(b.x, `${sel} beside the board`).toBeGreaterThanOrEqual(board.x + board.width);
      expect(b.y + Math.min(b.height, 40), `${sel} above the fold`).toBeLessThanOrEqual(vp.height);
    }
    await expect(page.locator('.moves .ply').first()).toBeInViewport();
  });
});

test.describe('FEN errors', on('desktop'), () => {
  test('W:W:B and X:W31:B20 are FEN errors, not a won game or a PDN move', async ({ app, page }) => {
    await app.open();
    await importText(app, page, 'W:W:B');
    await expect(page.locator('#import-error')).toContainText('Cannot read the FEN');
    await expect(page.locator('#import-error')).toContainText('no pieces');
    await page.fill('#import-text', 'X:W31:B20');
    await app.press('#import-load');
    await expect(page.locator('#import-error')).toContainText('Cannot read the FEN');
    await expect(page.locator('#import-error')).toContainText('side to move');
    await expect(page.locator('#import-error')).not.toContainText('PDN');
    await app.press('#import-close');
    expect((await app.game()).state).toBe('ongoing');
    expect(await page.evaluate(() => typeof window.draughts.engine.looksLikeFen)).toBe('undefined');
  });
});

test.describe('import', on('desktop', 'phone'), () => {
  test('moves counted as players count them, then focus on the board', async ({ app, page }) => {
    await app.open();
    await importText(app, page, '1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 *');
    await expect(page.locator('#message-text')).toHaveText('Game loaded: 3 moves (6 plies).');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#board')), 'focus on the board').toBe(true);
  });

  test('a file of several games lets the player choose', async ({ app, page }) => {
    await app.open();
    const two = '[Event "Final"]\n[White "Ann"]\n[Black "Bo"]\n[Result "1-1"]\n1. 32-28 1-1\n\n' +
      '[Event "Blitz"]\n[White "Cy"]\n[Black "Di"]\n[Result "*"]\n1. 33-28 18-22 2. 39-33 *\n';
    await importText(app, page, two);
    const dialog = page.locator('#games-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.game-choice')).toHaveCount(2);
    await expect(dialog.locator('.game-choice').first()).toContainText('Final');
    await expect(dialog.locator('.game-choice').first()).toContainText('Ann – Bo');
    await expect(dialog.locator('.game-choice').first()).toContainText('1-1');
    await app.press(dialog.locator('.game-choice').nth(1));
    await expect(page.locator('#message-text')).toHaveText('Game loaded: 2 moves (3 plies).');
    expect(await app.history()).toEqual(['33-28', '18-22', '39-33']);
  });

  test('comments show in the move list and come back in the export', async ({ app, page }) => {
    await app.open();
    await importText(app, page, '{Opening} 1. 32-28 {a good start} 19-23 *');
    await expect(page.locator('#moves .comment')).toHaveText(['Opening', 'a good start']);
    const pdn = await app.openExport();
    expect(pdn).toContain('{Opening} 1. 32-28 {a good start} 1... 19-23 *');
    await app.press('#export-close');
  });

  test('a bare result is a result as recorded, not a resignation', async ({ app, page }) => {
    await app.open();
    await importText(app, page, '2-0');
    const result = page.locator('dialog#result');
    await expect(result).toBeVisible();
    await expect(result).toContainText('White wins');
    await expect(result).not.toContainText('resigned');
    await expect(page.locator('#status')).toHaveText('White wins (result as recorded)');
    await app.press('#result-close');
  });

  test('an English record with International selected offers to switch', async ({ app, page }) => {
    await app.open();
    await importText(app, page, '1. 11-15 23-19 2. 8-11 22-17 *');
    await expect(page.locator('#import-error')).toContainText('English');
    const sw = page.locator('#import-switch');
    await expect(sw).toBeVisible();
    await app.press(sw);
    await expect(page.locator('#import-dialog[open]')).toHaveCount(0);
    expect((await app.game()).variant).toBe('english');
    expect((await app.game()).ply).toBe(4);
  });
});

test.describe('two players', on('phone'), () => {
  test('Resign asks which side resigns', async ({ app, page }) => {
    await app.open();
    await app.press('#resign');
    const d = page.locator('dialog#confirm');
    await expect(d).toBeVisible();
    await expect(d.getByRole('button', { name: 'White resigns' })).toBeVisible();
    await expect(d.getByRole('button', { name: 'Cancel' })).toBeVisible();
    // White is to move; Black resigns.
    await app.press(d.getByRole('button', { name: 'Black resigns' }));
    await expect(page.locator('dialog#result')).toContainText('Black resigned');
    await expect(page.locator('dialog#result')).toContainText('White wins');
  });

  test('the move list is reachable without scrolling past everything else', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    const box = await page.locator('.moves-box').boundingBox();
    expect(box.y + box.height, 'the move list is on the first screen').toBeLessThanOrEqual(page.viewportSize().height);
    await expect(page.locator('.moves .ply').first()).toBeInViewport();
  });
});

test.describe('board drawing', on('desktop'), () => {
  test('square numbers above the pieces', async ({ app, page }) => {
    await app.open();
    const z = await page.$eval(app.sel(32), (sq) => [getComputedStyle(sq.querySelector('.num')).zIndex, getComputedStyle(sq.querySelector('.piece')).zIndex].map(Number));
    expect(z[0], 'number drawn over the piece').toBeGreaterThan(z[1]);
  });

  test('destination dots (light) and the last move (dark) stand out on dark squares', async ({ app, page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await app.open();
    await app.press(app.sq(32));
    const dot = await page.$eval(app.sel(28), (e) => [getComputedStyle(e, '::before').backgroundColor, getComputedStyle(e).backgroundColor]);
    expect(await contrast(page, ...dot), 'destination dot against its dark square (light mode)').toBeGreaterThanOrEqual(3);
    await app.press(app.sq(28));
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(app.sq(32)).toHaveClass(/\bis-last-move\b/);
    const last = await page.$eval(app.sel(32), (e) => getComputedStyle(e).backgroundColor);
    const plain = await page.$eval(app.sel(31), (e) => getComputedStyle(e).backgroundColor);
    expect(await contrast(page, last, plain), 'last-move square against a plain dark square (dark mode)').toBeGreaterThanOrEqual(2.5);
  });

  test('at 1366 px every toolbar button holds its label on one line', async ({ app, page }) => {
    await app.open();
    const lines = await page.$$eval('.toolbar > button:not([hidden])', (bs) =>
      bs.map((b) => {
        const r = document.createRange();
        r.selectNodeContents(b);
        return [b.id, new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size];
      }),
    );
    for (const [id, n] of lines) expect(n, `#${id} on one line`).toBe(1);
  });

  test('the focus ring is thick and stays beside the selection ring', async ({ app, page }) => {
    await app.open();
    await page.locator(app.sel(32)).focus();
    await page.keyboard.press('Enter'); // keyboard selection: focus-visible and selected
    await expect(app.sq(32)).toHaveClass(/\bis-selected\b/);
    const style = await page.$eval(app.sel(32), (e) => {
      const s = getComputedStyle(e);
      return { matches: e.matches(':focus-visible'), outline: parseFloat(s.outlineWidth), outlineStyle: s.outlineStyle, shadow: s.boxShadow };
    });
    expect(style.matches).toBe(true);
    expect(style.outlineStyle).toBe('solid');
    expect(style.outline, 'focus ring at least 3 px').toBeGreaterThanOrEqual(3);
    expect(style.shadow, 'the selection ring is still drawn').toContain('inset');
    expect(style.shadow.split('rgb').length - 1, 'selection and focus rings both').toBeGreaterThanOrEqual(2);
  });

  test('the announcement of a winning move includes the result', async ({ app, page }) => {
    await app.open();
    await app.setFen('W:W32:B27');
    await app.press(app.sq(32));
    await app.press(app.sq(21));
    await expect(page.locator('dialog#result')).toBeVisible();
    await expect(page.locator('#announcer')).toContainText('White played 32x21');
    await expect(page.locator('#announcer')).toContainText('White wins');
  });
});

test.describe('screenshots', on(...ALL_VIEWPORTS), () => {
  test('the fixed page', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28], [19, 23]]);
    await app.press(app.sq(46)); // a message in its slot
    await expect(page.locator('#message')).toBeVisible();
    await app.shot('phone-defects');
  });
});
