// The analysis board and the game review (issue 11 §3, §5), on the phone: an evaluation and a
// best line whose first move is legal, the arrow, stopping, a past position, a review with marks
// and a chart that navigates. Depths and review times are measured, never asserted.
import { ALL_VIEWPORTS, on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';
import { measured } from './helpers.mjs';

// ----- page internals (window.draughts) this spec needs, kept together -----

/** The analysis' results so far on the position shown: `[{ depth, ms }]`. */
const depths = (page) => page.evaluate(() => window.draughts.analyst.depths);

/** The notations of the legal moves in the position shown (past ones too), from the engine. */
const legalShown = (page) =>
  page.evaluate(() => {
    const { controller: c, engine } = window.draughts;
    const g = engine.fromFen(c.snap.fen, c.snap.variant);
    const texts = g.snapshot().legal.map((m) => ({ notation: m.notation, from: m.from, path: m.path }));
    g.free();
    return texts;
  });

/**
 * A PDN of `plies` plies from the start position, picked with a seeded generator among the legal
 * moves (seeds are tried until a game lasts that long), made with the engine in the page.
 */
const randomGame = (page, plies, variant = 'international') =>
  page.evaluate(
    ([n, v]) => {
      const { engine } = window.draughts;
      for (let seed = 1; seed < 500; seed++) {
        let x = seed;
        const rnd = () => ((x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32);
        const g = engine.newGame(v);
        while (g.ply() < n && g.snapshot().status.state === 'ongoing') {
          const legal = g.snapshot().legal;
          g.applyMove(legal[Math.floor(rnd() * legal.length)].index);
        }
        const ok = g.ply() === n && g.snapshot().status.state === 'ongoing';
        const pdn = g.pdn();
        g.free();
        if (ok) return pdn;
      }
      throw new Error(`no random game of ${n} plies`);
    },
    [plies, variant],
  );

// ----- helpers -----

async function importText(app, page, text) {
  await app.openImport();
  await page.fill('#import-text', text);
  await app.press('#import-load');
  await expect(page.locator('#import-dialog[open]')).toHaveCount(0);
}

/** The first move of a best line ("12. 32-28 19-23", "12… 19-23"). */
const firstMove = (line) => line.replace(/^\d+(\.|…)\s*/, '').split(' ')[0];

test.describe('analysis and review', on('phone'), () => {
  test('analysis: an evaluation, a legal best line, the arrow, and it stops', async ({ app, page }) => {
    await app.open();
    await expect(page.locator('#analysis')).toHaveAttribute('aria-pressed', 'false');
    await app.press('#analysis');
    await expect(page.locator('#analysis')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('#eval')).toHaveText(/^([+-]?\d+\.\d\d|(White|Black) wins in \d+)$/, { timeout: 30_000 });
    await expect(page.locator('#best-line')).toHaveText(/^1\. \S+/);
    const line = await app.text('#best-line');
    const legal = await legalShown(page);
    const first = legal.find((m) => m.notation === firstMove(line));
    expect(first, `the line's first move (${line}) is legal`).toBeTruthy();
    // The arrow: from the move's origin through its landing squares.
    await expect(page.locator('.board-arrow polyline')).toHaveCount(1);
    const arrow = await page.getAttribute('.board-arrow', 'data-arrow');
    const now = await legalShown(page);
    expect(
      now.some((m) => [m.from, ...m.path].join('-') === arrow),
      `the arrow ${arrow} is a legal move`,
    ).toBe(true);
    // It deepens: depth 1, 2, 3… each shown as it arrives.
    await expect.poll(async () => (await depths(page)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    const ds = (await depths(page)).map((d) => d.depth);
    expect(ds.slice(0, 3), 'depths one by one').toEqual([1, 2, 3]);
    await app.shot('analysis-on');
    // The arrow follows Flip.
    const before = await page.locator('.board-arrow polyline').getAttribute('points');
    await app.press('#flip');
    await expect(page.locator('.board-arrow polyline')).not.toHaveAttribute('points', before);
    await app.press('#flip');
    // A hidden tab stops it; shown again, it starts afresh.
    const hide = (hidden) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'hidden', { value: h, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
        return window.draughts.analyst.worker;
      }, hidden);
    expect(await hide(true), 'hidden: the worker is gone').toBeNull();
    await expect(page.locator('.board-arrow polyline')).toHaveCount(0);
    await hide(false);
    await expect(page.locator('.board-arrow polyline')).toHaveCount(1, { timeout: 30_000 });
    // Off: no worker, nothing shown, and nothing arrives afterwards.
    await app.press('#analysis');
    await expect(page.locator('#analysis')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('.board-arrow polyline')).toHaveCount(0);
    await expect(page.locator('#eval')).toHaveText('');
    expect(await page.evaluate(() => window.draughts.analyst.worker), 'the worker is gone').toBeNull();
    await page.waitForTimeout(500);
    await expect(page.locator('#best-line')).toHaveText('');
  });

  test('analysis: three lines, distinct legal moves in order; a tap on the second plays it', async ({ app, page }) => {
    await app.open();
    await app.press('#analysis');
    await page.selectOption('#analysis-lines', '3');
    await expect(page.locator('#analysis-lines-list button')).toHaveCount(2);
    // The fourth depth: the lines are those of a real search (a depth brings all of them).
    await expect.poll(async () => (await depths(page)).at(-1)?.depth ?? 0, { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
    // What the page shows, read at once (a depth may arrive between two reads).
    const shown = await page.evaluate(() => {
      const $ = (id) => document.getElementById(id);
      const rows = [...$('analysis-lines-list').querySelectorAll('button')].map((b) => {
        const score = b.querySelector('b').textContent;
        return { score, line: b.textContent.slice(score.length + 1) };
      });
      return [{ score: $('eval').textContent, line: $('best-line').textContent }, ...rows];
    });
    expect(shown).toHaveLength(3);
    const legal = await legalShown(page);
    const firsts = shown.map((l) => firstMove(l.line));
    for (const [i, l] of shown.entries()) {
      expect(l.line, `line ${i + 1}`).toMatch(/^1\. \S+/);
      expect(l.score, `line ${i + 1}'s evaluation`).toMatch(/^[+-]?\d+\.\d\d$/);
      expect(legal.some((m) => m.notation === firsts[i]), `${l.line} starts with a legal move`).toBe(true);
    }
    expect(new Set(firsts).size, `distinct moves: ${firsts}`).toBe(3);
    const scores = shown.map((l) => parseFloat(l.score));
    expect(scores, 'White to move: best first').toEqual([...scores].sort((a, b) => b - a));
    await app.shot('analysis-lines');
    // Kept in the settings.
    expect(await page.evaluate(() => window.draughts.controller.storage.loadSettings().lines)).toBe(3);
    // A tap on the second line plays its move on the board and in the move list: the line as
    // shown at the tap (a deeper one may have replaced the line read above).
    await page.evaluate(() =>
      document.getElementById('analysis-lines-list').addEventListener(
        'click',
        (e) => (window.tappedLine = e.target.closest('button').lastChild.textContent.trim()),
        { capture: true },
      ),
    );
    await app.press('#analysis-lines-list li:nth-child(1) button');
    await expect.poll(async () => (await app.game()).ply).toBe(1);
    const tapped = firstMove(await page.evaluate(() => window.tappedLine));
    expect(legal.some((m) => m.notation === tapped), `${tapped} is legal`).toBe(true);
    expect(await page.evaluate(() => window.draughts.game.snapshot().lastMove.notation)).toBe(tapped);
    await expect(page.locator('#moves [data-ply="1"]')).toContainText(tapped);
    // The analysis goes on from the new position, three lines again (Black to move).
    await expect(page.locator('#best-line')).toHaveText(/^1… \S+/, { timeout: 30_000 });
    await expect(page.locator('#analysis-lines-list button').first()).toHaveText(/^\S+ 1… \S+/, { timeout: 30_000 });
  });

  test('analysis of a past position while navigating', async ({ app, page }) => {
    await app.open();
    await app.play([
      [32, 28],
      [19, 23],
      [28, 19],
      [14, 23],
    ]);
    await app.press('#analysis');
    await expect(page.locator('#best-line')).toHaveText(/^3\. /, { timeout: 30_000 });
    // Two plies back: White to move after 1. 32-28 19-23, the line starts "2. ".
    // The keyboard's ← (the banner lies over the buttons below the board on a phone).
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('#past-banner')).toBeVisible();
    await expect(page.locator('#best-line')).toHaveText(/^2\. \S+/, { timeout: 30_000 });
    const line = await app.text('#best-line');
    const legal = await legalShown(page);
    expect(
      legal.some((m) => m.notation === firstMove(line)),
      `${line} starts with a legal move of the past position`,
    ).toBe(true);
    // Black to move after one ply: "1… ".
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('#best-line')).toHaveText(/^1… \S+/, { timeout: 30_000 });
    await app.shot('analysis-past');
    // A position where the game is over says so.
    await page.keyboard.press('End');
    await importText(app, page, 'W:W28:B');
    await expect(page.locator('#eval')).toHaveText(/^Black wins|^White wins/, { timeout: 30_000 });
  });

  test('a review marks moves and draws a chart; a tap on it goes to that ply', async ({ app, page }) => {
    await app.open();
    // White gives a man away at once, then a few forced or first moves.
    const pdn = await page.evaluate(() => {
      const g = window.draughts.engine.fromFen('W:W28,32,33:B17,18', 'international');
      g.applyMove('28-22');
      for (let i = 0; i < 5 && g.snapshot().status.state === 'ongoing'; i++) g.applyMove(0);
      const t = g.pdn();
      g.free();
      return t;
    });
    await importText(app, page, pdn);
    if (await page.locator('dialog#result[open]').count()) await app.press('#result-close');
    const plies = (await app.game()).ply;
    await app.press('#review');
    await expect(page.locator('#eval-chart polygon'), 'the chart').toHaveCount(1, { timeout: 60_000 });
    await expect(page.locator('#moves [data-ply="1"]')).toHaveClass(/\bis-(mistake|blunder)\b/);
    const title = await page.getAttribute('#moves [data-ply="1"]', 'title');
    expect(title, 'the better move in the tooltip').toMatch(/^(Mistake|Blunder): loses \d+\.\d\d\. Better: \S+/);
    expect(await page.locator('#moves [data-ply="1"] .judgement').innerText()).toMatch(/^\?\??$/);
    await app.shot('review-done');
    // A tap on the chart at ply 1 (x = 1 / plies of the width) shows that position.
    const box = await page.locator('#eval-chart').boundingBox();
    await page.touchscreen.tap(box.x + (box.width * 1) / plies, box.y + box.height / 2);
    await expect(page.locator('#moves [data-ply="1"]')).toHaveClass(/\bis-current\b/);
    await expect(page.locator('#review-note')).toHaveText(title);
    // Cancel: a review started and cancelled leaves the page as it was.
    // Started and cancelled in one task of the page, so that however fast the machine the
    // review cannot end in between.
    const cancel = await page.evaluate(() => {
      document.getElementById('review').click();
      const shown = getComputedStyle(document.getElementById('review-cancel')).display !== 'none';
      document.getElementById('review-cancel').click();
      return { shown, worker: window.draughts.analyst.worker, reviewing: window.draughts.analyst.reviewing };
    });
    expect(cancel).toEqual({ shown: true, worker: null, reviewing: null });
    await expect(page.locator('#review-cancel')).toBeHidden();
    await expect(page.locator('#review')).toBeEnabled();
  });

  test('the analysis pauses while the computer thinks, then goes on', async ({ app, page }) => {
    await app.open();
    await app.press('#analysis');
    await app.noBook(); // level 6 must search here, not answer from its opening book
    await app.newGame({ opponent: 'computer', level: 6, side: 'white' }); // the computer opens: it thinks at once
    await page.waitForFunction(
      () =>
        document.body.classList.contains('is-thinking') &&
        document.getElementById('eval').textContent === 'Paused while the computer thinks' &&
        window.draughts.analyst.worker === null,
      null,
      { timeout: 30_000 },
    );
    // Its move played, the analysis runs on the new position (Black to move: "1… ").
    await expect(page.locator('#best-line')).toHaveText(/^1… \S+/, { timeout: 60_000 });
  });

  test('analysis in every variant: a legal first move of the line', async ({ app, page }) => {
    test.setTimeout(180_000);
    await app.open();
    await app.press('#analysis');
    for (const { name } of await app.variants()) {
      await app.newGame({ variant: name });
      // The second depth at least: the line belongs to the new game's analysis.
      await expect.poll(async () => (await depths(page)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      const line = await app.text('#best-line');
      const legal = await legalShown(page);
      expect(
        legal.some((m) => m.notation === firstMove(line)),
        `${name}: ${line} starts with a legal move`,
      ).toBe(true);
    }
  });

  test('measured: analysis depth in 1 s and 5 s, review of a 60-move game', async ({ app, page }) => {
    test.setTimeout(300_000);
    await app.open();
    await app.press('#analysis');
    await expect.poll(async () => (await depths(page)).at(-1)?.ms ?? 0, { timeout: 60_000, intervals: [250] }).toBeGreaterThan(5000);
    const ds = await depths(page);
    const upTo = (ms) => Math.max(0, ...ds.filter((d) => d.ms <= ms).map((d) => d.depth));
    measured('analysis', 'depth in 1 s (International, start, phone)', upTo(1000));
    measured('analysis', 'depth in 5 s (International, start, phone)', upTo(5000));
    await app.press('#analysis');
    const pdn = await randomGame(page, 120);
    await importText(app, page, pdn);
    expect((await app.game()).ply).toBe(120);
    await app.press('#review');
    await expect(page.locator('#eval-chart polygon')).toHaveCount(1, { timeout: 280_000 });
    const ms = await page.evaluate(() => window.draughts.analyst.review.ms);
    measured('review', 'a 60-move game at the default depth (International, phone)', `${(ms / 1000).toFixed(1)} s`);
    await app.shot('review-60');
  });
});

test.describe('analysis panel layout', on(...ALL_VIEWPORTS), () => {
  test('the panel keeps its place and size whatever it shows', async ({ app, page }) => {
    await app.open();
    await app.play([
      [32, 28],
      [19, 23],
    ]);
    // Where they are on the page (not in the viewport, which a press may scroll).
    const where = (sel) =>
      page.$eval(sel, (e) => {
        const r = e.getBoundingClientRect();
        let [x, y] = [r.left + scrollX, r.top + scrollY];
        // Landscape: the panel scrolls on its own.
        for (let p = e.parentElement; p && p !== document.scrollingElement; p = p.parentElement) [x, y] = [x + p.scrollLeft, y + p.scrollTop];
        return [x, y, r.width, r.height].map(Math.round);
      });
    const box = () => where('#analysis-panel');
    const toolbar = () => where('.toolbar');
    const before = [await box(), await toolbar()];
    await app.press('#analysis');
    await expect.poll(async () => (await depths(page)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    expect([await box(), await toolbar()], 'analysing').toEqual(before);
    await app.press('#review');
    await expect(page.locator('#eval-chart polygon')).toHaveCount(1, { timeout: 60_000 });
    await expect(page.locator('#best-line')).not.toHaveText('', { timeout: 30_000 });
    expect([await box(), await toolbar()], 'reviewed').toEqual(before);
    await page.locator('#analysis-panel').scrollIntoViewIfNeeded();
    await app.shot('analysis-panel');
  });
});
