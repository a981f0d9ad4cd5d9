// Every viewport (desktop, phone, small phone, phone in landscape): the page loads, the board fits
// without horizontal scrolling, every toolbar control can be reached, a move can be played, and
// the boards of the unusual variants fit (screenshots in target/e2e/screens/).
import { ALL_VIEWPORTS, on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

// Boards whose screenshots are looked at, in each viewport.
const SHOT_VARIANTS = ['turkish', 'frisian', 'italian'];

test.describe('viewport', on(...ALL_VIEWPORTS), () => {
  test('the page loads, the board fits, the toolbar is reachable, a move by tap', async ({ app, page, viewport }) => {
    await app.open();
    await expect(page.locator('#board [data-square]')).toHaveCount(50);
    const board = await page.locator('#board').boundingBox();
    expect(board.x, 'the board starts inside the viewport').toBeGreaterThanOrEqual(0);
    expect(board.x + board.width, 'the board fits the width').toBeLessThanOrEqual(viewport.width + 1);
    expect(board.height, 'the board is no taller than the viewport').toBeLessThanOrEqual(viewport.height + 1);
    const scroll = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
    expect(scroll, 'no horizontal scroll').toBeLessThanOrEqual(0);
    await app.shot('viewport-start');
    const controls = page.locator('.toolbar button:visible, .toolbar select:visible, #settings');
    const n = await controls.count();
    expect(n, 'toolbar controls').toBeGreaterThanOrEqual(9);
    for (let i = 0; i < n; i++) {
      const c = controls.nth(i);
      await c.scrollIntoViewIfNeeded();
      await expect(c, `toolbar control ${await c.evaluate((e) => e.id)} can be scrolled into view`).toBeInViewport();
    }
    await app.sq(32).scrollIntoViewIfNeeded();
    await app.play([[32, 28]]);
    await expect(app.sq(28).locator('.piece.white'), 'white man on 28').toHaveCount(1);
    await expect(page.locator('#turn')).toContainText('Black');
    await app.shot('viewport-after-move');
  });

  test(`the ${SHOT_VARIANTS.join(', ')} boards fit the width`, async ({ app, page, viewport }) => {
    await app.open();
    for (const name of SHOT_VARIANTS) {
      await app.newGame({ variant: name });
      await expect.poll(async () => (await app.game()).variant).toBe(name);
      const board = await page.locator('#board').boundingBox();
      expect(board.x, `${name}: the board starts inside the viewport`).toBeGreaterThanOrEqual(0);
      expect(board.x + board.width, `${name}: the board fits the width`).toBeLessThanOrEqual(viewport.width + 1);
      await app.shot(`board-${name}`);
    }
  });
});
