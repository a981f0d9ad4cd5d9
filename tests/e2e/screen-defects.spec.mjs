// Issue 33, the defects found on a phone: one test per defect, each failing on the page before its
// fix. (Numbers are the issue's; defects 4 and 10, and the pickers of 3 and the variant summary of
// 9, belong to the new-game sheet.) Screenshots of the fixed page: `<project>-screen-*.png`.
import { ALL_VIEWPORTS, on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** Pastes `text` in the import dialog and presses Load. */
async function importText(app, page, text) {
  await app.openImport();
  await page.fill('#import-text', text);
  await app.press('#import-load');
  await expect(page.locator('#import-dialog[open]')).toHaveCount(0);
}

/** A PDN of `plies` plies of International from the start, each the engine's first legal move. */
const longGame = (page, plies) =>
  page.evaluate((n) => {
    const g = window.draughts.engine.newGame('international');
    while (g.ply() < n && g.snapshot().status.state === 'ongoing') g.applyMove(g.snapshot().legal[0].index);
    const pdn = g.pdn();
    g.free();
    return pdn;
  }, plies);

/** The box of `sel` in the viewport: `{ x, y, width, height }` rounded. */
const box = (page, sel) =>
  page.$eval(sel, (e) => {
    const r = e.getBoundingClientRect();
    return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
  });

/** Whether two boxes share any area. */
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** What a finger at the centre of `sel` would press: the id of the nearest element with one. */
const hitAt = (page, sel) =>
  page.$eval(sel, (e) => {
    const r = e.getBoundingClientRect();
    return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('[id]')?.id ?? null;
  });

/** Where `sel` is on the page (not in the viewport, which a press may scroll); landscape's panel
 * scrolls on its own. */
const onPage = (page, sel) =>
  page.$eval(sel, (e) => {
    const r = e.getBoundingClientRect();
    let y = r.top + scrollY;
    for (let p = e.parentElement; p && p !== document.scrollingElement; p = p.parentElement) y += p.scrollTop;
    return Math.round(y);
  });

test.describe('1. the move list', on(...ALL_VIEWPORTS), () => {
  test('« ‹ › » stay in view and pressable after 24 plies; no empty band beside the moves', async ({ app, page }) => {
    await app.open();
    await importText(app, page, await longGame(page, 24));
    await expect(page.locator('#moves [data-ply]')).toHaveCount(24);
    await page.locator('.moves-box').scrollIntoViewIfNeeded();
    const list = await box(page, '.moves-box');
    const width = page.viewportSize().width;
    for (const id of ['nav-first', 'nav-prev', 'nav-next', 'nav-last']) {
      const b = await box(page, `#${id}`);
      expect(b.x, `#${id} not scrolled off to the left`).toBeGreaterThanOrEqual(Math.max(0, list.x));
      expect(b.x + b.width, `#${id} inside the list and the screen`).toBeLessThanOrEqual(Math.min(width, list.x + list.width));
      expect(await hitAt(page, `#${id}`), `#${id} is what a finger presses there`).toBe(id);
    }
    // The last move is in view too, and on a phone upright it shares the buttons' row: the strip
    // is one line, with no empty band above or below the moves.
    const last = await box(page, '#moves [data-ply="24"]');
    expect(last.x, 'the last move in view').toBeGreaterThanOrEqual(list.x);
    expect(last.x + last.width).toBeLessThanOrEqual(list.x + list.width);
    if (app.project === 'phone' || app.project === 'small-phone') {
      const nav = await box(page, '#nav-last');
      expect(overlap({ ...last, x: nav.x }, nav), 'the moves and the buttons on one row').toBe(true);
      expect(list.height, 'one row: the buttons, the padding and the border').toBeLessThanOrEqual(nav.height + 16);
    }
    // Back to the start and forward again: the buttons stay where they are.
    const first = await box(page, '#nav-first');
    await app.press('#nav-first');
    await expect(page.locator('#moves [data-ply="1"]')).toBeInViewport();
    expect(await box(page, '#nav-first')).toEqual(first);
    await app.shot('screen-moves');
  });
});

test.describe('2. messages', on(...ALL_VIEWPORTS), () => {
  /** The message is shown whole (nothing to scroll), on screen, and the toolbar did not move. */
  async function readable(page, toolbarY, what) {
    const message = page.locator('#message');
    await expect(message, what).toBeVisible();
    const text = await page.$eval('#message-text', (e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
    expect(text.scroll, `${what}: no line hidden (${text.scroll} px of text in ${text.client} px)`).toBeLessThanOrEqual(text.client + 1);
    await message.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await expect(message, `${what}: on screen whole`).toBeInViewport({ ratio: 1 });
    // The message lies over nothing a finger needs: the toolbar's buttons are uncovered.
    for (const id of ['open-new-game', 'undo']) {
      const b = await box(page, `#${id}`);
      if (b.y >= 0 && b.y + b.height <= page.viewportSize().height) expect(await hitAt(page, `#${id}`), `${what}: #${id} uncovered`).toBe(id);
    }
    // Landscape: the panel beside the board makes room for the message (it scrolls on its own).
    if (toolbarY != null) expect(await onPage(page, '.toolbar'), `${what}: the toolbar did not move`).toBe(toolbarY);
  }

  test('a tampered link, a shared game opened and a save that could not be restored read in full', async ({ app, page, baseURL }) => {
    await app.open();
    const still = app.project !== 'landscape';
    const toolbarY = still ? await onPage(page, '.toolbar') : null;
    await app.play([[32, 28]]);
    const link = await page.evaluate(() => window.draughts.game.link());
    await app.saved();

    await page.goto(`${baseURL}#v=international&m=ABCD&c=AAAA`);
    await app.ready();
    await expect(page.locator('#message')).toContainText('damaged');
    await readable(page, toolbarY, 'the tampered link');
    await app.shot('screen-message');

    await app.newGame({ variant: 'international' });
    await app.saved();
    await page.goto(`${baseURL}${link}`);
    await app.ready();
    await expect(page.locator('#message')).toContainText('Shared game opened');
    await readable(page, toolbarY, 'the shared game');

    // A save of the older format that is not JSON: it is set aside under a name the message gives.
    await page.evaluate(() => localStorage.setItem('draughts.save', '{"format":"draughts-save",'));
    await app.reload();
    await expect(page.locator('#message')).toContainText('could not be restored');
    await readable(page, toolbarY, 'the save not restored');
    const kept = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('draughts.save.unreadable.')));
    await expect(page.locator('#message-text')).toContainText(kept);
    await app.press('#message-close');
    await expect(page.locator('#message')).toBeHidden();
    if (still) expect(await onPage(page, '.toolbar'), 'the toolbar did not move').toBe(toolbarY);
  });
});

test.describe('3. analysis on a phone', on('phone'), () => {
  test('the evaluation is on the first screen; no empty band under the status line or in the analysis', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    // With no message, the status line is followed by the next thing drawn (a control or a text),
    // not by an empty slot: at most a gap and a box's padding between them.
    const state = await box(page, '.state');
    const next = await page.$$eval(
      '.panel :is(button, select, output, p, li)',
      (els, bottom) => Math.min(...els.filter((e) => e.checkVisibility({ visibilityProperty: true })).map((e) => e.getBoundingClientRect().top).filter((y) => y >= bottom)),
      state.y + state.height,
    );
    expect(next - (state.y + state.height), 'no empty band under the status line').toBeLessThanOrEqual(24);
    // Analysis off: the analysis box holds its buttons and no empty rows.
    const off = await box(page, '#analysis-panel');
    expect(off.height, 'the analysis box without an analysis').toBeLessThanOrEqual(112);
    await app.press('#analysis');
    await expect(page.locator('#eval')).toHaveText(/\d/, { timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const evaluation = await box(page, '#eval');
    expect(evaluation.height, 'the evaluation is drawn').toBeGreaterThan(0);
    expect(evaluation.y + evaluation.height, 'the evaluation on the first screen').toBeLessThanOrEqual(page.viewportSize().height);
    await expect(page.locator('#best-line')).toBeInViewport({ ratio: 1 });
    await app.shot('screen-analysis');
  });
});

test.describe('5. the endgame tables’ size in the settings', on('phone', 'desktop'), () => {
  for (const [code, word] of [
    ['ru', 'Занято'],
    ['tr', 'Saklanan'],
  ]) {
    test(`"Stored: … MB" in the language chosen (${code})`, async ({ app, page }) => {
      await app.open();
      await app.openSettings();
      await expect(page.locator('#tables-stored')).toHaveText('Stored: 0.0 MB');
      await page.selectOption('#language', code);
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await expect(page.locator('#tables-stored')).toContainText(word);
      await expect(page.locator('#tables-stored')).not.toContainText('Stored');
      await app.closeSettings();
    });
  }
});

test.describe('6. after "why can’t this piece move"', on('phone', 'desktop'), () => {
  test('picking a piece that can capture clears the explanation and the frames, and shows the selection', async ({ app, page }) => {
    await app.open();
    // 28 takes two (28x17x6); 44 could take only one: the majority rule.
    await app.setFen('W:W28,44:B23,22,11,39');
    await app.press(app.sq(44));
    await expect(page.locator('#message')).toHaveAttribute('data-why', 'precedence');
    expect(await app.squaresWith('is-must')).toEqual([28]);
    await app.press(app.sq(28));
    await expect(app.sq(28)).toHaveClass(/\bis-selected\b/);
    expect(await app.squaresWith('is-must'), 'the frames are gone').toEqual([]);
    await expect(page.locator('#message'), 'the explanation is gone').toBeHidden();
    // The selection ring is what is drawn on the square.
    const ring = await app.sq(28).evaluate((e) => getComputedStyle(e).boxShadow);
    const select = await page.evaluate(() => {
      const probe = document.createElement('i');
      probe.style.color = 'var(--select)';
      document.body.append(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    });
    expect(ring, 'the selection ring shows').toContain(select);
    await expect(app.sq(6)).toHaveClass(/\bis-dest\b/);
  });

  test('a message of another kind stays when a piece is picked', async ({ app, page }) => {
    await app.open();
    await page.evaluate(() => window.draughts.controller.panels.message('Something else', 'info', 0));
    await app.press(app.sq(32));
    await expect(app.sq(32)).toHaveClass(/\bis-selected\b/);
    await expect(page.locator('#message')).toHaveText(/Something else/);
  });
});

test.describe('7. the result dialog', on('phone', 'desktop'), () => {
  test('shows once per result: not again at a reload after "Review the board"', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    // Two players: the dialog asks which side resigns.
    await app.press('#resign');
    await app.press('#confirm-yes');
    await app.waitForResult();
    await app.press('#result-close');
    await expect(page.locator('dialog#result[open]')).toHaveCount(0);
    await app.saved();
    await app.reload();
    await app.saved();
    // The restored game is over, and said so, without the dialog.
    await expect(page.locator('#turn')).toContainText('wins');
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    await expect(page.locator('dialog#result[open]'), 'no dialog at the reload').toHaveCount(0);
    await app.reload();
    await expect(page.locator('dialog#result[open]'), 'nor at the next').toHaveCount(0);
    // A new result shows again: the resignation taken back, then Black resigns.
    await app.press('#undo');
    await expect(page.locator('#turn')).toContainText('to move');
    await app.press('#resign');
    await app.press('#confirm-yes');
    await app.waitForResult();
    await expect(page.locator('#result-title')).toContainText('wins');
  });

  test('a result never dismissed still shows at the reload', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]);
    await app.press('#resign');
    await app.press('#confirm-yes');
    await app.waitForResult();
    await app.saved();
    await app.reload();
    await app.waitForResult();
  });
});

test.describe('8. toolbar buttons', on(...ALL_VIEWPORTS), () => {
  test('every button and picker of the toolbar is at least 44 px tall', async ({ app, page }) => {
    await app.open();
    await app.newGame({ clock: '300+3' }); // the clock's pause button shows too
    const heights = await page.$$eval(':is(nav.toolbar, .masthead) :is(button, select)', (els) =>
      els.filter((e) => e.getClientRects().length).map((e) => [e.id, e.getBoundingClientRect().height]),
    );
    expect(heights.map(([id]) => id)).toEqual(
      expect.arrayContaining(['open-new-game', 'games', 'mute', 'settings', 'undo', 'resign', 'export-pdn', 'clock-pause']),
    );
    for (const [id, h] of heights) expect(h, `#${id} height`).toBeGreaterThanOrEqual(44);
  });
});

test.describe('9. the past-position banner and the editor', on(...ALL_VIEWPORTS), () => {
  test('the banner covers neither card nor the move buttons', async ({ app, page }) => {
    await app.open();
    await app.play([
      [32, 28],
      [19, 23],
    ]);
    await app.press('#nav-prev');
    await expect(page.locator('#past-banner')).toBeVisible();
    await page.locator('#past-banner').scrollIntoViewIfNeeded();
    const banner = await box(page, '#past-banner');
    for (const sel of ['.card-black', '.card-white', '.moves-box .nav']) {
      expect(overlap(banner, await box(page, sel)), `the banner leaves ${sel} uncovered`).toBe(false);
    }
    for (const id of ['count-black', 'count-white', 'nav-prev', 'nav-next', 'play-from-here', 'back-to-game']) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      expect(await hitAt(page, `#${id}`), `#${id} uncovered`).toBe(id);
    }
    await page.locator('#past-banner').scrollIntoViewIfNeeded();
    await app.shot('screen-past');
    await app.press('#back-to-game');
    await expect(page.locator('#past-banner')).toBeHidden();
  });

  test('the editor shows no lone "to move" under or over the board', async ({ app, page }) => {
    await app.open();
    await app.newGame({ start: 'setup' });
    await expect(page.locator('#editor')).toBeVisible();
    await expect(page.locator('.card .to-move:visible')).toHaveCount(0);
    await expect(page.locator('.card :visible')).toHaveCount(0);
    await app.shot('screen-editor');
    await app.press('#edit-cancel');
    await expect(page.locator('.card-white .who')).toBeVisible();
  });
});
