// Endgame tables in the page (issue 13 §1): a small English ending set up through the import
// dialog, the tables it calls for built in a worker with a progress line, kept in IndexedDB (a
// reload finds them there and builds nothing), used by the analysis ("Black wins", "tables: 6 moves to convert") and
// by the computer, and a damaged stored table found, removed and built again. No check depends on
// the machine's speed: waits are for states, with generous limits.
import { ALL_VIEWPORTS, on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** Two black kings against one, Black to move: won (the tables: 11 plies to the capture). */
const WON = 'B:WK29:BK1,K5';
const TABLES_EVAL = /^Black wins$/;
const TABLES_DETAIL = /^tables: \d+ moves to convert$/;

// ----- page internals (window.draughts) this spec needs, kept together -----

/** Builds started since the page loaded. */
const builds = (page) => page.evaluate(() => window.draughts.tables.builds);

/** Records every text #tables-status shows from now on, in `window.tablesLines`. */
const recordLines = (page) =>
  page.evaluate(() => {
    const el = document.getElementById('tables-status');
    window.tablesLines = [];
    new MutationObserver(() => window.tablesLines.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
  });
const lines = (page) => page.evaluate(() => window.tablesLines);

/** Flips one byte in the middle of a stored table's payload (as a damaged disk would). */
const damageOneTable = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('draughts-egdb', 1);
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const tx = req.result.transaction('tables', 'readwrite');
          const s = tx.objectStore('tables');
          const key = 'english/0m2k-0m1k';
          s.get(key).onsuccess = (e) => {
            const bytes = new Uint8Array(e.target.result);
            const at = 40 + Math.floor((bytes.length - 40) / 2);
            bytes[at] ^= 0x40;
            s.put(bytes, key);
          };
          tx.oncomplete = () => resolve(key);
          tx.onerror = () => reject(tx.error);
        };
      }),
  );

// ----- helpers -----

/** A new English game from `fen`, with the new-game sheet's other `choices` (opponent, level…). */
async function setUp(app, page, fen, choices = {}) {
  await app.newGame({ variant: 'english', fen, ...choices });
}

async function analyse(app, page) {
  await app.press('#analysis');
  await expect(page.locator('#analysis')).toHaveAttribute('aria-pressed', 'true');
}

test.describe('endgame tables', on('phone'), () => {
  test('built with progress, kept across a reload, used by the analysis and the computer', async ({ app, page }) => {
    test.setTimeout(180_000);
    await app.open();
    await setUp(app, page, WON);
    await recordLines(page);
    await analyse(app, page);
    await expect(page.locator('#tables-status')).toHaveText(/^Endgame tables: ready \(\d+\)$/, { timeout: 90_000 });
    const seen = await lines(page);
    expect(seen.some((l) => /^Endgame tables: building \d+\/\d+…$/.test(l)), `progress shown: ${seen}`).toBe(true);
    expect(await builds(page)).toBe(1);
    // The analysis starts again once they are ready, and answers from them.
    await expect(page.locator('#eval')).toHaveText(TABLES_EVAL, { timeout: 30_000 });
    await expect(page.locator('#analysis-depth')).toHaveText(TABLES_DETAIL);
    await app.shot('tables-ready');

    // A reload: everything is in the store, nothing is built.
    await app.reload();
    await recordLines(page);
    await analyse(app, page);
    await expect(page.locator('#eval')).toHaveText(TABLES_EVAL, { timeout: 30_000 });
    await expect(page.locator('#tables-status')).toHaveText(/^Endgame tables: ready \(\d+\)$/);
    expect(await builds(page), 'no build after the reload').toBe(0);
    expect((await lines(page)).some((l) => l.includes('building')), 'no progress after the reload').toBe(false);

    // The computer (level 6, Black) answers from them: a new game from the same position, where
    // it plays Black, who is to move; then it answers White's move. The answer may come at once,
    // so the move is pressed, not checked with app.play.
    const searches = () => page.evaluate(() => window.draughts.computer.stats.length);
    await setUp(app, page, WON, { opponent: 'computer', level: 6 });
    await expect.poll(searches, { timeout: 60_000 }).toBe(1);
    await expect(app.sq(29)).toHaveClass(/\bis-movable\b/); // Black's move has landed
    await app.press(app.sq(29));
    await app.press(app.sq(25));
    await expect.poll(searches, { timeout: 60_000 }).toBe(2);
    const last = await page.evaluate(() => window.draughts.computer.stats.at(-1));
    expect(last.level, 'level 6 searched').toBe(6);
    expect(last.tables, 'answered from the tables').toBe(true);

    // The settings say what is stored, and Clear forgets it.
    await app.openSettings();
    await expect(page.locator('#tables-stored')).toHaveText(/^Stored: \d+\.\d MB$/);
    await app.press('#tables-clear');
    await expect(page.locator('#tables-stored')).toHaveText('Stored: 0.0 MB');
    await expect(page.locator('#tables-clear')).toBeDisabled();
    await app.closeSettings();
  });

  test('a damaged stored table is found, removed and built again', async ({ app, page }) => {
    test.setTimeout(180_000);
    await app.open();
    await setUp(app, page, WON);
    await analyse(app, page);
    await expect(page.locator('#eval')).toHaveText(TABLES_EVAL, { timeout: 90_000 });
    await damageOneTable(page);
    await app.reload();
    await analyse(app, page);
    // The damaged table answers nothing; the page builds it again, then the tables answer.
    await expect.poll(() => builds(page), { timeout: 60_000 }).toBe(1);
    await expect(page.locator('#tables-status')).toHaveText(/^Endgame tables: ready \(\d+\)$/, { timeout: 90_000 });
    await expect(page.locator('#eval')).toHaveText(TABLES_EVAL, { timeout: 30_000 });
  });

  test('the lower levels build nothing; the hint does', async ({ app, page }) => {
    test.setTimeout(120_000);
    await app.open();
    // The computer plays Black (to move) at the default level, 3: its moves never probe tables.
    await setUp(app, page, WON, { opponent: 'computer' });
    await expect(page.locator('#level')).toHaveValue('3');
    await expect.poll(() => page.evaluate(() => window.draughts.computer.stats.length), { timeout: 60_000 }).toBe(1);
    await expect(app.sq(29)).toHaveClass(/\bis-movable\b/);
    expect(await builds(page), 'no build for level 3').toBe(0);
    await expect(page.locator('#tables-status')).toBeHidden();
    // The hint searches as the strongest level does, with the tables: they are built for it.
    await app.press('#hint');
    await expect.poll(() => builds(page), { timeout: 60_000 }).toBe(1);
    await expect(page.locator('#tables-status')).toHaveText(/^Endgame tables: (building \d+\/\d+…|ready \(\d+\))$/);
  });

  test('turned off in the settings: no tables built or used', async ({ app, page }) => {
    await app.open();
    await app.setting('setting-tables');
    await setUp(app, page, WON);
    await analyse(app, page);
    await expect(page.locator('#eval')).toHaveText(/\S/, { timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => window.draughts.analyst.depths.length), { timeout: 30_000 }).toBeGreaterThan(2);
    await expect(page.locator('#eval')).not.toHaveText(TABLES_EVAL);
    await expect(page.locator('#analysis-depth')).not.toHaveText(/tables/);
    await expect(page.locator('#tables-status')).toBeHidden();
    expect(await builds(page)).toBe(0);
  });
});

test.describe('endgame tables: the progress line', on(...ALL_VIEWPORTS), () => {
  test('fits under the analysis', async ({ app, page }) => {
    test.setTimeout(120_000);
    await app.open();
    await setUp(app, page, WON);
    await analyse(app, page);
    const status = page.locator('#tables-status');
    await expect(status).toHaveText(/^Endgame tables: ready \(\d+\)$/, { timeout: 90_000 });
    await expect(page.locator('#eval')).toHaveText(TABLES_EVAL, { timeout: 30_000 });
    // The score is whole, not cut short (the detail beside it gives way first).
    const cut = await page.locator('#eval').evaluate((el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      return text.getBoundingClientRect().width > el.getBoundingClientRect().width + 0.01;
    });
    expect(cut, '"Black wins" fits its slot').toBe(false);
    await status.scrollIntoViewIfNeeded();
    const box = await status.boundingBox();
    const panel = await page.locator('#analysis-panel').boundingBox();
    expect(box.x >= panel.x && box.x + box.width <= panel.x + panel.width + 0.5, 'inside the panel').toBe(true);
    expect(box.height, 'one line').toBeLessThan(30);
    await app.shot('tables-line');
  });
});
