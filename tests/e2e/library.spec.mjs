// The game library (IndexedDB): every game kept, tabs that never lose a move, nothing replacing a
// game, the list's actions, a PDN collection imported, a write that fails, and the older
// single save migrated.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_VIEWPORTS, ROOT, on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';
import { App, measured } from './helpers.mjs';

const OPENING = [
  [32, 28],
  [19, 23],
  [28, 19],
];
const OPENING_TEXT = ['32-28', '19-23', '28x19'];

/** Another tab of the same browser context, as a player sees it. */
async function otherTab(app) {
  const page = await app.page.context().newPage();
  const other = new App(page, { touch: app.touch, project: app.project, outputDir: app.outputDir });
  await other.open();
  return other;
}

/** A PDN collection of `n` small International games with varied players, events and dates. */
function collection(n) {
  const games = [];
  for (let i = 0; i < n; i++) {
    const white = ['Ann', 'Bo', 'Cas'][i % 3];
    games.push(
      `[Event "Club ${i % 2 ? 'Blitz' : 'Open'}"]\n[White "${white}"]\n[Black "Player ${i}"]\n[Date "20${String(10 + (i % 10)).padStart(2, '0')}.01.01"]\n[Result "*"]\n\n1. 32-28 19-23 *\n`,
    );
  }
  return games.join('\n');
}

test.describe('game library', on(...ALL_VIEWPORTS), () => {
  test('two tabs play two games; both are intact after reloads', async ({ app, page }) => {
    await app.open();
    await app.play(OPENING);
    await app.saved();
    const tab = await otherTab(app);
    expect(await tab.history(), 'a new tab opens the game played last').toEqual(OPENING_TEXT);
    await tab.newGame();
    await tab.play([[31, 27]]);
    await tab.saved();
    await app.reload();
    expect(await app.history(), 'the first tab reopens its game').toEqual(OPENING_TEXT);
    await tab.reload();
    expect(await tab.history(), 'the second tab reopens its game').toEqual(['31-27']);
    await app.openLibrary();
    await expect(page.locator('#library-list [data-game-id]')).toHaveCount(2);
    await tab.page.close();
  });

  test('the same game in two tabs: a move is followed, a stale write never replaces newer moves', async ({ app, page }) => {
    await app.open();
    await app.saved();
    const tab = await otherTab(app);
    expect(await tab.page.evaluate(() => window.draughts.storage.id), 'the new tab opens the same game').toBe(await page.evaluate(() => window.draughts.storage.id));
    await app.play([[32, 28]]);
    await expect(tab.page.locator('#moves [data-ply]'), 'the other tab follows the move').toHaveCount(1);
    expect(await tab.history()).toEqual(['32-28']);
    // The other tab stops hearing (as if asleep), falls behind, and plays a move of its own.
    await tab.page.evaluate(() => window.draughts.storage.channel.close());
    await app.play([[19, 23]]);
    await app.saved();
    await tab.play([[17, 22]]);
    await tab.saved();
    await expect(tab.page.locator('#message'), 'told in words').toContainText('another tab');
    await app.reload();
    expect(await app.history(), 'the newer moves stand').toEqual(['32-28', '19-23']);
    await tab.reload();
    expect(await tab.history(), "the stale tab's line is kept as a game of its own").toEqual(['32-28', '17-22']);
    await app.openLibrary();
    await expect(page.locator('#library-list [data-game-id]')).toHaveCount(2);
    await tab.page.close();
  });

  test('import (FEN and PDN), the editor and New game start new games: the old ones stay', async ({ app, page }) => {
    await app.open();
    await app.play(OPENING);
    const old = await page.evaluate(() => window.draughts.storage.id);
    await app.openImport();
    await page.fill('#import-text', 'W:W31-50:B1-20');
    await app.press('#import-load');
    await expect(page.locator('#import-dialog[open]')).toHaveCount(0);
    await expect(page.locator('dialog#confirm[open]')).toHaveCount(0);
    await app.openFromLibrary(old);
    expect(await app.history(), 'after a FEN import, the game is in the library').toEqual(OPENING_TEXT);
    await app.openImport();
    await page.fill('#import-text', '1. 33-28 18-23 *');
    await app.press('#import-load');
    await expect(page.locator('#moves [data-ply]')).toHaveCount(2);
    await app.openFromLibrary(old);
    expect(await app.history(), 'after a PDN import too').toEqual(OPENING_TEXT);
    await app.newGame({ start: 'setup' });
    await app.press('#edit-play');
    await expect(page.locator('#editor')).toBeHidden();
    await app.openFromLibrary(old);
    expect(await app.history(), 'after the editor').toEqual(OPENING_TEXT);
    await app.newGame();
    await expect(page.locator('dialog#confirm[open]')).toHaveCount(0);
    await app.count('black', 20);
    await app.openFromLibrary(old);
    expect(await app.history(), 'after New game').toEqual(OPENING_TEXT);
    await app.openLibrary();
    await expect(page.locator('#library-list [data-game-id]')).toHaveCount(5);
    await app.shot('library');
    await app.press('#library-close');
  });

  test('rename, delete and undo, export one and all, open a finished game', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    await app.press('#resign');
    await app.press('#confirm-yes'); // Black (to move) resigns
    await app.waitForResult();
    await app.press('#result-close');
    await app.newGame();
    await app.play([[31, 27]]);
    await app.openLibrary();
    const rows = await app.libraryRows();
    expect(rows.length).toBe(2);
    expect(rows[1].sub, 'the finished game shows its result').toMatch(/2-0/);
    expect(rows[0].sub, 'the game in progress says so').toContain('in progress');
    const finished = rows[1].id;
    // Rename.
    // Rename, in the row: Escape keeps the name, Enter saves the new one.
    await app.press(page.locator(`[data-game-id="${finished}"] [data-act="rename"]`));
    const field = page.locator(`[data-game-id="${finished}"] input.library-rename`);
    await expect(field).toBeFocused();
    await field.fill('Not this');
    await field.press('Escape');
    await expect(page.locator('dialog#library[open]'), 'Escape leaves the field, not the library').toHaveCount(1);
    const auto = await page.locator(`[data-game-id="${finished}"] .library-title`).textContent();
    expect(auto).not.toBe('Not this');
    await app.press(page.locator(`[data-game-id="${finished}"] [data-act="rename"]`));
    await field.fill('Club final');
    await field.press('Enter');
    await expect(page.locator(`[data-game-id="${finished}"] .library-title`)).toHaveText('Club final');
    await app.press('#library-search');
    await page.fill('#library-search', 'club');
    await expect(page.locator('#library-list [data-game-id]')).toHaveCount(1);
    await page.fill('#library-search', '');
    // Export one: the engine's PDN of that game.
    const one = page.waitForEvent('download');
    await app.press(page.locator(`[data-game-id="${finished}"] [data-act="export"]`));
    const text = readFileSync(await (await one).path(), 'utf8');
    expect(text).toContain('1. 32-28');
    expect(text).toContain('2-0');
    // Export all: both games.
    const both = page.waitForEvent('download');
    await app.press('#library-export-all');
    const all = readFileSync(await (await both).path(), 'utf8');
    expect(all).toContain('1. 32-28');
    expect(all).toContain('1. 31-27');
    // Delete, then undo.
    await app.press(page.locator(`[data-game-id="${finished}"] [data-act="delete"]`));
    await expect(page.locator('#library-list [data-game-id]')).toHaveCount(1);
    await app.press('#library-undo');
    await expect(page.locator('#library-list [data-game-id]')).toHaveCount(2);
    // Open the finished game: its result.
    await app.press(page.locator(`[data-game-id="${finished}"] .library-open`));
    await app.waitForResult();
    expect(await app.history()).toEqual(['32-28']);
  });

  test('a PDN collection imported: search, filter and sort', async ({ app, page }) => {
    await app.open();
    await app.openLibrary();
    await page.setInputFiles('#library-import', { name: 'club.pdn', mimeType: 'text/plain', buffer: Buffer.from(collection(30)) });
    await expect(page.locator('#library-status')).toContainText('30 games imported');
    await expect(page.locator('#library-status')).toHaveAttribute('data-count', '31');
    await page.fill('#library-search', 'ann blitz');
    await expect(page.locator('#library-status')).toHaveAttribute('data-count', '5');
    await page.fill('#library-search', 'cas');
    await expect(page.locator('#library-status')).toHaveAttribute('data-count', '10');
    await page.fill('#library-search', 'player 7');
    await page.selectOption('#library-sort', 'date-asc');
    await page.fill('#library-search', 'club');
    await page.selectOption('#library-sort', 'date-asc');
    expect((await app.libraryRows())[0].sub, 'oldest first').toContain('2010-01-01');
    await page.selectOption('#library-sort', 'date-desc');
    expect((await app.libraryRows())[0].sub, 'newest first').toContain('2019-01-01');
    await app.shot('library-collection');
    // An imported game opens with its moves.
    // The library closes once the game is read from it and shown.
    await app.press(page.locator('#library-list [data-game-id] .library-open').first());
    await expect(page.locator('dialog#library[open]')).toHaveCount(0);
    expect(await app.history()).toEqual(['32-28', '19-23']);
  });

  test('games started before the last one is written are each kept under their own entry', async ({ app, page }) => {
    await app.open();
    await app.play(OPENING);
    // Two new games in one task (a link opened right after a move does the same): the saves of
    // the one before are still queued when the next becomes current.
    await page.evaluate(() => {
      const { controller, game } = window.draughts;
      controller.start(game.fromFen('W:W31-50:B1-20', 'international'));
      controller.start(game.newGame('english'));
    });
    await app.saved();
    await expect(page.locator('#message'), 'no other tab here: nothing "moved on"').toBeHidden();
    await app.openLibrary();
    const rows = await app.libraryRows();
    expect(rows.map((r) => r.title.split(' · ')[0]), 'three games, newest first').toEqual(['English / Checkers', 'International', 'International']);
    await app.press('#library-close');
    await app.openFromLibrary(2);
    expect(await app.history(), 'the first game with its moves').toEqual(OPENING_TEXT);
  });

  test('a write that fails is told in words and nothing is lost', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    await app.saved();
    await page.evaluate(() => {
      window.realPut = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await app.play([[19, 23]]);
    await expect(page.locator('#message')).toContainText('could not be saved');
    await page.evaluate(() => (IDBObjectStore.prototype.put = window.realPut));
    await app.play([[28, 19]]);
    await app.saved();
    await app.reload();
    expect(await app.history(), 'the game is written on the next change').toEqual(OPENING_TEXT);
  });

  test("today's single save migrates into the library", async ({ app, page }) => {
    await app.open();
    const old = { format: 'draughts-save', version: 1, variant: 'international', ply: 2, pdn: '1. 32-28 19-23 *', flipped: false, savedAt: '2026-01-02T10:00:00Z' };
    await page.evaluate((o) => {
      sessionStorage.clear();
      localStorage.setItem('draughts.save', JSON.stringify(o));
    }, old);
    await app.reload();
    expect(await app.history(), 'the saved game is open').toEqual(['32-28', '19-23']);
    expect(await page.evaluate(() => localStorage.getItem('draughts.save')), 'the old key is removed').toBeNull();
    await app.openLibrary();
    await expect(page.locator('#library-list [data-game-id]')).toHaveCount(2);
  });
});

test.describe('game library: ten thousand English games', on('desktop'), () => {
  test('import and list them (figures printed)', async ({ app, page }) => {
    test.setTimeout(300_000);
    const dir = process.env.DRAUGHTS_PDN_DIR || join(ROOT, '../shared/pdn');
    const english = join(dir, 'english');
    if (!existsSync(english)) {
      console.warn(`SKIPPED: no game records in ${english}`);
      test.skip(true, `no game records in ${english}`);
    }
    const games = [];
    for (const f of readdirSync(english).filter((n) => n.endsWith('.pdn')).sort()) {
      const text = readFileSync(join(english, f), 'utf8').replace(/^\uFEFF/, '');
      games.push(...text.split(/\n(?=\[Event )/));
    }
    const text = games.slice(0, 10_000).join('\n');
    await app.open();
    await app.newGame({ variant: 'english' });
    await app.openLibrary();
    const t0 = Date.now();
    await page.setInputFiles('#library-import', { name: 'english.pdn', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await expect(page.locator('#library-status')).toContainText(/games imported/, { timeout: 240_000 });
    const seconds = (Date.now() - t0) / 1000;
    const count = Number(await page.locator('#library-status').getAttribute('data-count'));
    expect(count, 'every game listed').toBeGreaterThanOrEqual(Math.min(10_000, games.length));
    const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize || 0);
    measured('library', `import of ${count - 1} English games (s)`, seconds.toFixed(1));
    measured('library', 'JS heap after the import (MB)', (heap / 1e6).toFixed(0));
    console.log(`Library import: ${count - 1} games in ${seconds.toFixed(1)} s, heap ${(heap / 1e6).toFixed(0)} MB`);
    const s0 = Date.now();
    await page.fill('#library-search', 'tinsley');
    await expect(page.locator('#library-list [data-game-id]').first()).toBeVisible();
    measured('library', 'search over them (ms)', Date.now() - s0);
    await page.locator('#library-list').evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    await expect(page.locator('#library-list [data-game-id]').first()).toBeVisible();
  });
});
