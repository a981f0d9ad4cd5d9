// The game saved in localStorage: unreadable saves are reported and kept aside; saves written by
// older versions still load.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

test.describe('saved game', on('desktop', 'phone'), () => {
  test('a corrupted save is reported and set aside', async ({ app, page }) => {
    await app.open();
    await page.evaluate(() =>
      localStorage.setItem('draughts.save', '{"format":"draughts-save","version":1,"variant":"english","ply":3,"pdn":"1. 99-98 *"}'),
    );
    await app.reload();
    expect(await app.text('#message'), 'the message says so').toMatch(/could not be restored/);
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draughts.save.unreadable')));
    expect(kept, 'kept under another key').toHaveLength(1);
    await expect(page.locator('#board .piece'), 'a fresh game was started').toHaveCount(40);
    await page.evaluate(() => localStorage.setItem('draughts.save', 'not json at all'));
    await app.reload();
    expect(await app.text('#message'), 'garbage save reported').toMatch(/could not be restored/);
    await app.shot('corrupted-save');
  });

  test('a save from before the computer opponent still loads (as two players)', async ({ app, page }) => {
    await app.open();
    const old = { format: 'draughts-save', version: 1, variant: 'english', ply: 1, pdn: '1. 11-15 *', flipped: false };
    await page.evaluate((o) => localStorage.setItem('draughts.save', JSON.stringify(o)), old);
    await app.reload();
    const g = await app.game();
    expect([g.ply, g.turn], 'old save restored: ply 1, White to move').toEqual([1, 'white']);
    for (const side of ['white', 'black']) {
      expect(await app.text(`.card-${side} .who`), 'old save plays as two players').not.toContain('Computer');
    }
    // An unreadable opponent field falls back to the defaults instead of losing the game.
    await page.evaluate(
      (o) => localStorage.setItem('draughts.save', JSON.stringify({ ...o, opponent: { opponent: 'computer', level: 99, side: 'red' } })),
      old,
    );
    await app.reload();
    expect((await app.game()).ply, 'game kept despite a bad opponent field').toBe(1);
    // The computer's card: Black (the default side) at level 3 (the default level).
    expect(await app.text('.card-black .who'), 'level and side fall back to 3 and Black').toContain('Computer 3');
    expect(await app.text('.card-white .who')).not.toContain('Computer');
  });
});
