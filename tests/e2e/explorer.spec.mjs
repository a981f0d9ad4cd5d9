// The opening explorer: the moves played from the position shown in the PDN collections imported
// into the library, counted with their results, and the opening book's moves with their share.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** A collection of International games: first moves and results from these lists, in turn. */
const FIRST = ['32-28', '33-28', '32-28', '34-29', '32-28', '31-27', '33-28'];
const RESULT = ['2-0', '1-1', '0-2', '2-0', '1-1', '2-0', '*', '0-2'];
const collection = (n) =>
  Array.from({ length: n }, (_, i) => `[Event "E${i}"]\n[White "W${i}"]\n[Black "B${i}"]\n[Result "${RESULT[i % RESULT.length]}"]\n[GameType "20"]\n\n1. ${FIRST[i % FIRST.length]} ${RESULT[i % RESULT.length]}\n`).join('\n');

/** The explorer's rows: `{ move, games, book }`. */
const rows = (page) =>
  page.$$eval('#explorer-panel tbody tr', (trs) =>
    trs.map((tr) => ({ move: tr.cells[0].textContent, games: Number(tr.cells[1].textContent || 0), book: tr.cells[3].textContent })),
  );

test.describe('opening explorer', on('phone', 'desktop'), () => {
  test("the library's games counted by move with their results, and the book's moves", async ({ app, page }) => {
    await app.open();
    // Before any import: the book's moves of the start position (International ships a book).
    await app.press('#explorer');
    await expect(page.locator('#explorer-panel tbody tr').first()).toBeVisible({ timeout: 30_000 });
    const book = await rows(page);
    expect(book.every((r) => r.games === 0 && /%$/.test(r.book)), 'book moves only').toBe(true);
    await app.press('#explorer');
    await expect(page.locator('#explorer-panel')).toBeHidden();

    const n = 40;
    await app.openLibrary();
    await page.setInputFiles('#library-import', { name: 'e.pdn', mimeType: 'text/plain', buffer: Buffer.from(collection(n)) });
    await expect(page.locator('#library-status')).toContainText(`${n} games imported`);
    await app.press('#library-close');

    // Counted here, independently: games per first move and White's wins, draws, Black's wins.
    const want = {};
    for (let i = 0; i < n; i++) {
      const w = (want[FIRST[i % FIRST.length]] ??= { games: 0, white: 0, draws: 0, black: 0 });
      w.games += 1;
      const r = RESULT[i % RESULT.length];
      if (r === '2-0') w.white += 1;
      if (r === '1-1') w.draws += 1;
      if (r === '0-2') w.black += 1;
    }
    await app.press('#explorer');
    await expect(page.locator('#explorer-panel .explorer-note')).toContainText(`${n} games`, { timeout: 30_000 });
    const got = await rows(page);
    const played = Object.fromEntries(got.filter((r) => r.games).map((r) => [r.move, r.games]));
    expect(played).toEqual(Object.fromEntries(Object.entries(want).map(([m, w]) => [m, w.games])));
    const label = await page.locator('#explorer-panel tbody tr').first().getAttribute('aria-label');
    const top = Object.entries(want).sort((a, b) => b[1].games - a[1].games)[0];
    const pct = (k) => Math.round((100 * top[1][k]) / top[1].games);
    expect(label).toBe(
      `${top[0]}: ${top[1].games} games, White ${pct('white')}%, draws ${pct('draws')}%, Black ${pct('black')}%, book ${got[0].book.replace('%', '') || 0}%`,
    );
    expect(got.some((r) => r.book), 'the book still shows').toBe(true);
    // A move of the list is played like a tap; the list follows the position.
    await page.locator('#explorer-panel tbody tr', { hasText: '31-27' }).locator('button').click();
    await expect(app.sq(27).locator('.piece.white')).toHaveCount(1);
    await expect(page.locator('#explorer-panel .explorer-note')).toContainText(`${n} games`);
    await expect.poll(async () => (await rows(page)).every((r) => r.games === 0)).toBe(true);
  });
});
