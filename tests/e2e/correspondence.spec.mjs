// Correspondence games: two players (two browser contexts, nothing shared but the links) send a
// game back and forth. Each keeps ONE entry of the library for it, which says whose move it is and
// keeps the last link sent; an old link changes nothing and says so; a link whose moves part from
// the game kept becomes a second entry, the first one unchanged.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';
import { App } from './helpers.mjs';

/** Presses Share and reads the link from the share dialog, then closes it. */
async function share(app) {
  await app.press('#share');
  await expect(app.page.locator('dialog#share-dialog[open]')).toHaveCount(1);
  const link = await app.page.inputValue('#share-link');
  expect(link).toMatch(/#v=international&m=[A-Za-z0-9_-]*&c=/);
  await app.press('#share-close');
  await app.saved();
  return link;
}

/** The library's rows as `{ id, turn, title, sub }`, the dialog closed again. */
async function rows(app) {
  await app.openLibrary();
  const list = await app.page.$$eval('#library-list [data-game-id]', (els) =>
    els.map((e) => ({
      id: e.dataset.gameId,
      turn: e.dataset.turn || null,
      title: e.querySelector('.library-title').textContent,
      sub: e.querySelector('.library-sub').textContent,
      link: !!e.querySelector('[data-act="link"]'),
    })),
  );
  await app.press('#library-close');
  return list;
}

/** Opens `link` in the player's page (a link followed in the same tab) and waits for it. */
async function follow(app, link) {
  await app.page.goto(link);
  await app.ready();
}

test.describe('correspondence', on('phone', 'desktop'), () => {
  test('two players pass links: one entry per game, whose move it is, old and diverging links', async ({ app, page, browser }, testInfo) => {
    // A starts a game, plays 32-28 and shares it.
    await app.open();
    await app.play([[32, 28]]);
    const a1 = await share(app);
    let mine = await rows(app);
    expect(mine).toHaveLength(1);
    const gameId = mine[0].id;
    expect(mine[0].turn, 'after sharing, it is their move').toBe('theirs');
    expect(mine[0].title).toContain('Their move');
    expect(mine[0].link, 'the last link sent is offered again').toBe(true);

    // B: another browser, nothing saved there, opens A's link: a new entry, B's move.
    const friend = await browser.newContext({ viewport: page.viewportSize(), hasTouch: app.touch, isMobile: app.touch });
    const errors = [];
    const b = new App(await friend.newPage(), { touch: app.touch, project: app.project, outputDir: testInfo.outputDir });
    b.page.on('pageerror', (e) => errors.push(e.message));
    await b.page.goto(a1);
    await b.ready();
    await expect(b.page.locator('#message')).toContainText('Shared game opened');
    await b.saved();
    // A first visit by a link keeps no blank game beside it.
    let theirs = await rows(b);
    expect(theirs).toHaveLength(1);
    expect(theirs[0].turn).toBe('mine');
    expect(theirs[0].title).toContain('Your move');
    expect(theirs[0].link, 'B has sent no link yet').toBe(false);
    // B plays 19-23: until B shares it, the move has not reached A, and the row says so (and
    // offers no link: the last one sent, none here, is not the game as it stands).
    await b.play([[19, 23]]);
    await b.saved();
    theirs = await rows(b);
    expect(theirs.map((r) => [r.turn, r.title.includes('Move not sent'), r.link])).toEqual([['unsent', true, false]]);
    const b1 = await share(b);
    theirs = await rows(b);
    expect(theirs.map((r) => r.turn)).toEqual(['theirs']);

    // A opens B's link: the same entry, brought up to date, A's move.
    await follow(app, b1);
    await expect(page.locator('#message')).toContainText('up to date');
    expect(await app.history()).toEqual(['32-28', '19-23']);
    await app.saved();
    mine = await rows(app);
    expect(mine.map((r) => r.id), 'still one entry for this game').toEqual([gameId]);
    expect(mine[0].turn).toBe('mine');
    expect(mine[0].title).toContain('Your move');
    expect(await page.evaluate(() => window.draughts.storage.id)).toBe(gameId);

    // A's first link again (an old link): nothing changes, and the player is told.
    await follow(app, a1);
    await expect(page.locator('#message')).toContainText('older than your game');
    expect(await app.history()).toEqual(['32-28', '19-23']);
    mine = await rows(app);
    expect(mine.map((r) => [r.id, r.turn])).toEqual([[gameId, 'mine']]);

    // A takes (28x19): not sent yet, the row offers no link (the last one sent is older); then
    // A shares, and the row offers that link again.
    await app.play([[28, 19]]);
    await app.saved();
    mine = await rows(app);
    expect(mine.map((r) => [r.turn, r.link])).toEqual([['unsent', false]]);
    const a2 = await share(app);
    await app.openLibrary();
    await app.press(page.locator(`#library-list [data-game-id="${gameId}"] [data-act="link"]`));
    await expect(page.locator('dialog#share-dialog[open]')).toHaveCount(1);
    expect(await page.inputValue('#share-link')).toBe(a2);
    await app.press('#share-close');
    await app.press('#library-close');

    // B, meanwhile, took back 19-23 and played 17-22: a link that parts from A's game after the
    // first move. A keeps it as a second game; the first is unchanged.
    await b.press('#undo');
    await expect(b.page.locator('#moves [data-ply]')).toHaveCount(1);
    await b.play([[17, 22]]);
    const b2 = await share(b);
    await follow(app, b2);
    await expect(page.locator('#message')).toContainText('new game');
    expect(await app.history()).toEqual(['32-28', '17-22']);
    await app.saved();
    mine = await rows(app);
    expect(mine).toHaveLength(2);
    const other = mine.find((r) => r.id !== gameId);
    expect(other.turn).toBe('mine');
    await app.openFromLibrary(gameId);
    expect(await app.history(), 'the first game is kept as it was').toEqual(['32-28', '19-23', '28x19']);

    expect(errors, 'no errors in the friend’s page').toEqual([]);
    await friend.close();
  });

  test('a first visit by a damaged link keeps the blank game it shows, and its moves', async ({ app, page }) => {
    await page.goto('./#v=international&m=ABCD&c=AAAA');
    await app.ready();
    await expect(page.locator('#message')).toContainText('damaged');
    await app.play([[32, 28]]);
    await app.saved();
    await app.reload();
    expect(await app.history()).toEqual(['32-28']);
    expect(await rows(app)).toHaveLength(1);
  });
});
