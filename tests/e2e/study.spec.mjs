// Looking back and sharing: the move list as navigation (a past position, moves tried there, Play from
// here), games as links (opened in a fresh browser, tampered links refused), the engine's
// explanation of a piece that cannot move, and the board editor.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** International: White plays 32-28, 19-23, 28x19, 14x23 by taps. */
const OPENING = [
  [32, 28],
  [19, 23],
  [28, 19],
  [14, 23],
];

test.describe('study and share', on('phone', 'desktop'), () => {
  test('the move list shows past positions, where moves are tried, and play goes on from one', async ({ app, page }) => {
    await app.open();
    await app.play(OPENING);
    const live = await app.fen();
    await expect(page.locator('#moves [data-ply]')).toHaveCount(4);
    // The position after 1. 32-28: White's man on 28, Black's on 19 again.
    await app.press('#moves [data-ply="1"]');
    await expect(page.locator('#past-banner')).toBeVisible();
    await expect(page.locator('#past-text')).toContainText('1. 32-28');
    await expect(app.sq(28).locator('.piece.white.man')).toHaveCount(1);
    await expect(app.sq(19).locator('.piece.black.man')).toHaveCount(1);
    await expect(app.sq(23).locator('.piece')).toHaveCount(0);
    await expect(page.locator('#moves [data-ply="1"]')).toHaveClass(/is-current/);
    await app.shot('past-position');
    // A piece of the side not to move there is not picked; one of the side to move is, to try a
    // move (a side line: variations.spec.mjs), and dropped again; the game is unchanged.
    await app.press(app.sq(31));
    await expect(page.locator('#board .is-selected')).toHaveCount(0);
    await app.press(app.sq(19));
    await expect(app.sq(19)).toHaveClass(/is-selected/);
    await app.press(app.sq(19));
    await expect(page.locator('#board .is-selected')).toHaveCount(0);
    expect(await app.fen(), 'the game is unchanged').toBe(live);
    // Step with the buttons, then the keyboard (desktop).
    await app.press('#nav-next');
    await expect(page.locator('#moves [data-ply="2"]')).toHaveClass(/is-current/);
    await app.press('#nav-first');
    await expect(page.locator('#past-text')).toContainText('Start');
    await expect(page.locator('#board .piece')).toHaveCount(40);
    if (!app.touch) {
      await page.locator('#moves-title').click();
      await page.keyboard.press('ArrowRight');
      await expect(page.locator('#moves [data-ply="1"]')).toHaveClass(/is-current/);
      await page.keyboard.press('End');
      await expect(page.locator('#past-banner')).toBeHidden();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
    } else {
      await app.press('#nav-next');
    }
    await expect(page.locator('#moves [data-ply="1"]')).toHaveClass(/is-current/);
    // Play from here, after a confirmation: the later plies can be redone.
    await app.press('#play-from-here');
    await app.press('#confirm-yes');
    await expect(page.locator('#past-banner')).toBeHidden();
    await expect(page.locator('#moves [data-ply]')).toHaveCount(1);
    await expect(page.locator('#redo')).toBeEnabled();
    await app.play([[17, 22]]);
    await expect(page.locator('#redo')).toBeDisabled();
    expect(await app.history()).toEqual(['32-28', '17-22']);
  });

  test('a game goes to a friend as a link and comes back', async ({ app, page, browser, site }) => {
    await app.open();
    await app.play(OPENING);
    await app.press('#share');
    // The links' module loads when Share is first pressed; the dialog shows the link.
    await expect(page.locator('#share-link')).not.toHaveValue('');
    const link = await page.inputValue('#share-link');
    expect(link).toMatch(/#v=international&m=[A-Za-z0-9_-]{4}&c=[A-Za-z0-9_-]{4}$/);
    await page.locator('#share-close').click();
    // The friend: a fresh browser context, nothing saved there.
    const friend = await browser.newContext();
    const fp = await friend.newPage();
    await fp.goto(link);
    await fp.waitForSelector('body.is-ready');
    await expect(fp.locator('#message')).toContainText('Shared game opened');
    expect(await fp.locator('#moves').innerText()).toBe(await page.locator('#moves').innerText());
    await expect(fp.locator('#board [data-square="23"] .piece.black.man')).toHaveCount(1);
    await expect(fp.locator('#board .piece.white')).toHaveCount(19);
    expect(fp.url(), 'the fragment is cleared once read').not.toContain('#v=');
    // The friend plays 37-32 and shares back.
    for (const n of [37, 32]) await fp.locator(`#board [data-square="${n}"]`).click();
    await expect(fp.locator('#moves [data-ply]')).toHaveCount(5);
    await fp.locator('#share').click();
    await expect(fp.locator('#share-link')).not.toHaveValue('');
    const back = await fp.inputValue('#share-link');
    await friend.close();
    // Opening it, without a question, brings the game shared up to date in its own entry of the
    // library (a correspondence game: correspondence.spec.mjs).
    await page.goto(back);
    await expect(page.locator('#moves [data-ply]')).toHaveCount(5);
    await expect(page.locator('dialog#confirm[open]')).toHaveCount(0);
    expect(await app.history()).toEqual(['32-28', '19-23', '28x19', '14x23', '37-32']);
    await app.openLibrary();
    await expect(page.locator('#library-list [data-game-id]')).toHaveCount(1);
  });

  test('a tampered link is refused in words and changes nothing', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    const mine = await app.fen();
    await page.goto(`${page.url().split('#')[0]}#v=international&m=ABCD&c=AAAA`);
    await app.ready();
    await expect(page.locator('#message')).toContainText('damaged');
    expect(await app.fen()).toBe(mine);
    await expect(page.locator('#moves [data-ply]')).toHaveCount(1);
  });

  test('a piece that cannot move says why, and the pieces that must move are marked', async ({ app, page }) => {
    await app.open();
    // 28 takes two (28x17x6); 44 could take only one: the majority rule.
    await app.setFen('W:W28,44:B23,22,11,39');
    await app.press(app.sq(44));
    await expect(page.locator('#message')).toContainText('from 28 takes 2 pieces');
    await expect(page.locator('#message')).toHaveAttribute('data-why', 'precedence');
    expect(await app.squaresWith('is-must')).toEqual([28]);
    await app.shot('explained');
  });

  test('the board editor sets up a position that can be played', async ({ app, page }) => {
    await app.open();
    await app.newGame({ start: 'setup' });
    await expect(page.locator('#editor')).toBeVisible();
    await app.press('#edit-clear');
    await expect(page.locator('#board .piece')).toHaveCount(0);
    await expect(page.locator('#edit-problems li')).not.toHaveCount(0);
    await expect(page.locator('#edit-play')).toBeDisabled();
    // A white man on 28 and a black man on 23 (the palette's black man).
    await app.press(app.sq(28));
    await app.press('#edit-palette [data-color="black"][data-role="man"]');
    await app.press(app.sq(23));
    await expect(page.locator('#edit-fen')).toHaveValue('W:W28:B23');
    await expect(page.locator('#edit-ready')).toBeVisible();
    // A white man on its own promotion row is a problem in words; tapping it again removes it.
    await app.press('#edit-palette [data-color="white"][data-role="man"]');
    await app.press(app.sq(3));
    await expect(page.locator('#edit-problems')).toContainText('promotion row');
    await expect(page.locator('#edit-play')).toBeDisabled();
    await app.press(app.sq(3));
    await expect(page.locator('#edit-problems li')).toHaveCount(0);
    // The FEN is editable: a black king added by typing.
    await page.fill('#edit-fen', 'W:W28:B23,K1');
    await page.locator('#edit-fen').press('Enter');
    await expect(app.sq(1).locator('.piece.black.king')).toHaveCount(1);
    await app.shot('editor');
    await app.press('#edit-play');
    await expect(page.locator('#editor')).toBeHidden();
    expect(await app.fen(), 'the FEN as the engine writes it').toBe('W:W28:BK1,23');
    // It plays: White must take 28x19.
    await app.play([[28, 19]]);
  });
});

test.describe('a past position on small screens', on('small-phone', 'landscape'), () => {
  test('the banner covers no control, and the move buttons stay usable', async ({ app, page }) => {
    await app.open();
    await app.play(OPENING.slice(0, 2));
    await app.press('#moves [data-ply="1"]');
    await expect(page.locator('#past-banner')).toBeVisible();
    await app.shot('past-position');
    // A tap would fail if the banner lay over these buttons.
    await app.press('#nav-next');
    await expect(page.locator('#past-banner')).toBeHidden();
    await app.press('#nav-prev');
    await app.press('#back-to-game');
    await expect(page.locator('#past-banner')).toBeHidden();
  });
});
