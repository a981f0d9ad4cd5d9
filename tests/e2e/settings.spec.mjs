// The settings panel: each setting changes what is drawn (square names on, around or off the
// board, by number or algebraically as the engine names them; the slide of a move; destination
// dots; board and piece themes, high contrast meeting WCAG's 3:1 for graphics), the choices
// survive a reload, prefers-reduced-motion turns the animation off by default, and the
// `draughts:settings` event tells other modules. Screenshots of the panel and each theme, light
// and dark, in every viewport (target/e2e/screens/).
import { ALL_VIEWPORTS, on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** WCAG contrast ratio of two computed colours (`rgb(r, g, b)`). */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The text of each cell of a border strip, in screen order. */
function edge(page, dir) {
  return page.$$eval(`.edge-${dir} span`, (spans) => spans.map((s) => s.textContent));
}

/** Whether `sel` is displayed (not display: none, itself or through an ancestor). */
function shown(page, sel) {
  return page.$eval(sel, (e) => e.checkVisibility());
}

/**
 * Plays `from`-`to` with the keyboard in one task of the page and reports what the DOM shows
 * right after the key (is the piece sliding, and how fast) and one task later (has it landed);
 * nothing here depends on how fast the machine is.
 */
function keyMove(page, from, to) {
  return page.evaluate(
    async ([f, t]) => {
      const cell = (n) => document.querySelector(`#board [data-square="${n}"]`);
      const enter = (n) => cell(n).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      enter(f);
      enter(t);
      const piece = cell(f).querySelector('.piece');
      const sliding = { moving: !!piece?.classList.contains('is-moving'), transition: piece?.style.transition ?? '' };
      await new Promise((r) => setTimeout(r, 0));
      return { ...sliding, landed: !!cell(t).querySelector('.piece') && !cell(f).querySelector('.piece') };
    },
    [from, to],
  );
}

test.describe('settings', on('desktop', 'phone'), () => {
  test('the gear opens the panel; the board keeps its names on the squares by default', async ({ app, page }) => {
    await app.open();
    const gear = page.getByRole('button', { name: 'Settings' });
    await expect(gear).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-labels', 'inside');
    expect(await shown(page, `${app.sel(32)} .num`), 'numbers on the squares').toBe(true);
    await app.openSettings();
    for (const id of ['setting-labels', 'setting-animation', 'setting-board', 'setting-pieces', 'setting-destinations', 'auto-rotate', 'face-to-face']) {
      await expect(page.locator(`#${id}`), `#${id} in the panel`).toBeVisible();
    }
    // A 10×10 board is always numbered: no choice of names there.
    await expect(page.locator('#setting-notation')).toBeHidden();
    await expect(page.locator('#language-row'), 'the language picker is in the panel').toBeVisible();
    expect(await page.locator('#language option').count(), 'English and the seven translations').toBeGreaterThanOrEqual(8);
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog#settings-dialog[open]')).toHaveCount(0);
  });

  test('square names: none, inside, around the board, by number or algebraically', async ({ app, page }) => {
    await app.open();
    const inside = await page.locator('#board').boundingBox();
    await app.setting('setting-labels', 'none');
    expect(await shown(page, `${app.sel(32)} .num`), 'no names on the squares').toBe(false);
    expect(await shown(page, '.edge-across'), 'no border').toBe(false);

    // International, around the board: the numbers of the top row above it, of the left column
    // beside it (1 = b10, 46 = a1), and as the board turns, those of the other side.
    await app.setting('setting-labels', 'border');
    expect(await shown(page, `${app.sel(32)} .num`), 'no names on the squares').toBe(false);
    expect(await edge(page, 'across')).toEqual(['', '1', '', '2', '', '3', '', '4', '', '5']);
    expect(await edge(page, 'down')).toEqual(['', '6', '', '16', '', '26', '', '36', '', '46']);
    const across = await page.locator('.edge-across').boundingBox();
    const board = await page.locator('#board').boundingBox();
    expect(across.y + across.height, 'the numbers are above the board').toBeLessThanOrEqual(board.y + 1);
    expect(board.width / inside.width, 'the border costs the board little').toBeGreaterThan(0.95);
    expect(Math.abs(board.y + board.height - (inside.y + inside.height)), 'the board and border take the place the board had').toBeLessThan(1.5);
    await app.press('#flip');
    expect(await edge(page, 'across')).toEqual(['', '50', '', '49', '', '48', '', '47', '', '46']);
    expect(await edge(page, 'down')).toEqual(['', '45', '', '35', '', '25', '', '15', '', '5']);
    await app.press('#flip');

    // English, algebraically: the names are the engine's (a1 at White's bottom-left), the
    // columns' letters below the board, the rows' numbers on its left.
    await app.newGame({ variant: 'english' });
    await app.openSettings();
    await expect(page.locator('#setting-notation'), 'the choice of names on an 8×8 board').toBeVisible();
    expect(await page.inputValue('#setting-notation'), 'English is numbered').toBe('numbers');
    await page.selectOption('#setting-notation', 'algebraic');
    await page.selectOption('#setting-labels', 'inside');
    await app.closeSettings();
    const squares = await app.squares();
    const names = await page.$$eval('#board [data-square]', (cells) => cells.map((c) => [+c.dataset.square, c.querySelector('.num').textContent]));
    expect(names.length).toBe(32);
    for (const [n, text] of names) {
      expect(text, `square ${n} named as the engine names it`).toBe(squares[n - 1].algebraic);
      expect(text).toMatch(/^[a-h][1-8]$/);
    }
    expect(new Set(names.map(([, t]) => t)).size, 'every name differs').toBe(32);
    // The move list keeps the variant's own notation.
    await app.play([[11, 15]]);
    expect(await app.text('#moves')).toContain('11-15');
    await app.setting('setting-labels', 'border');
    expect(await edge(page, 'across')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(await edge(page, 'down')).toEqual(['8', '7', '6', '5', '4', '3', '2', '1']);
    const b = await page.locator('#board').boundingBox();
    const a = await page.locator('.edge-across').boundingBox();
    expect(a.y, 'the letters are below the board').toBeGreaterThanOrEqual(b.y + b.height - 1);
    await app.press('#flip');
    expect(await edge(page, 'across')).toEqual(['h', 'g', 'f', 'e', 'd', 'c', 'b', 'a']);
    expect(await edge(page, 'down')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    await app.shot('settings-border-algebraic');
  });

  test('Czech names its squares algebraically until field numbers are chosen', async ({ app, page }) => {
    await app.open();
    await app.newGame({ variant: 'czech' });
    const squares = await app.squares();
    expect(await page.textContent(`${app.sel(1)} .num`)).toBe(squares[0].algebraic);
    await app.openSettings();
    expect(await page.inputValue('#setting-notation')).toBe('algebraic');
    await page.selectOption('#setting-notation', 'numbers');
    await app.closeSettings();
    expect(await page.textContent(`${app.sel(1)} .num`)).toBe('1');
    // On the 10×10 board the choice does not apply: numbers, as International writes them.
    await app.newGame({ variant: 'international' });
    expect(await page.textContent(`${app.sel(46)} .num`)).toBe('46');
    await app.openSettings();
    await expect(page.locator('#setting-notation')).toBeHidden();
  });

  test('animation: off lands the piece at once, fast and normal slide at their speeds', async ({ app, page }) => {
    await app.open();
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(false);
    let m = await keyMove(page, 32, 28);
    expect(m.moving, 'normal: the piece slides').toBe(true);
    expect(m.transition).toContain('110ms');
    await expect(app.sq(28).locator('.piece.white')).toHaveCount(1);
    await app.setting('setting-animation', 'fast');
    m = await keyMove(page, 19, 23);
    expect(m.moving, 'fast: the piece slides').toBe(true);
    expect(m.transition).toContain('55ms');
    await expect(app.sq(23).locator('.piece.black')).toHaveCount(1);
    await app.setting('setting-animation', 'off');
    m = await keyMove(page, 28, 19);
    expect(m, 'off: the piece is on its square at once, no slide').toEqual({ moving: false, transition: '', landed: true });
    await app.count('black', 19);
  });

  test('destinations can be hidden; a capture path is still chosen by its rings', async ({ app, page }) => {
    await app.open();
    const before = (n) => page.$eval(app.sel(n), (e) => getComputedStyle(e, '::before').display);
    await app.press(app.sq(32));
    await expect(app.sq(28)).toHaveClass(/\bis-dest\b/);
    expect(await before(28), 'the dot shows').not.toBe('none');
    await app.setting('setting-destinations');
    await expect(page.locator('html')).toHaveAttribute('data-destinations', 'off');
    await expect(app.sq(28), 'still a destination (for the screen reader and the tap)').toHaveClass(/\bis-dest\b/);
    expect(await before(28), 'no dot').toBe('none');
    await app.press(app.sq(28));
    await expect(app.sq(28).locator('.piece.white'), 'the move is played').toHaveCount(1);
    // A flying king with two captures from 47 to 36: the rings and the chosen square show.
    await app.setFen('W:WK47:B14,19,29,31,42');
    await app.press(app.sq(47));
    await app.press(app.sq(36));
    await page.waitForSelector('#board .is-waypoint');
    expect(await app.squaresWith('is-waypoint')).toEqual([20, 24]);
    expect(await before(20), 'the ring shows').not.toBe('none');
    expect(await before(38), 'the chosen landing square shows').not.toBe('none');
  });

  test('board and piece themes change the colours; high contrast meets 3:1 in light and dark', async ({ app, page }) => {
    await app.open();
    await app.play([[32, 28]]); // a last move to see
    const colours = () =>
      page.evaluate(() => {
        const cs = (sel, pseudo) => getComputedStyle(document.querySelector(sel), pseudo);
        const root = getComputedStyle(document.documentElement);
        return {
          dark: cs('#board [data-square="1"]').backgroundColor,
          light: cs('#board').backgroundColor,
          white: cs('#board [data-square="28"] .piece').backgroundColor,
          whiteRim: cs('#board [data-square="28"] .piece').boxShadow,
          black: cs('#board [data-square="1"] .piece').backgroundColor,
          blackRim: cs('#board [data-square="1"] .piece').boxShadow,
          select: root.getPropertyValue('--select').trim(),
          hint: root.getPropertyValue('--hint').trim(),
          lastMove: cs('#board [data-square="28"]').outlineColor,
          lastMoveStyle: cs('#board [data-square="28"]').outlineStyle,
        };
      });
    const seen = new Set();
    for (const board of ['wood', 'green', 'blue', 'contrast']) {
      await app.setting('setting-board', board);
      await expect(page.locator('html')).toHaveAttribute('data-board', board);
      seen.add((await colours()).dark);
    }
    expect(seen.size, 'four boards, four colours of square').toBe(4);
    const pieces = new Set();
    for (const set of ['classic', 'flat', 'contrast']) {
      await app.setting('setting-pieces', set);
      const c = await colours();
      pieces.add(`${c.white} ${c.whiteRim} ${c.black}`);
    }
    expect(pieces.size, 'three piece sets, three looks').toBe(3);

    // High contrast board and pieces, in light and dark mode: pieces and their rims, the marks
    // and the squares keep WCAG's 3:1 for graphics against the played squares.
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      const c = await colours();
      const rgb = (css) => css.match(/rgba?\([^)]*\)/)[0];
      for (const [what, colour] of [
        ['white piece', c.white],
        ['black piece', c.black],
        ['white piece rim', rgb(c.whiteRim)],
        ['black piece rim', rgb(c.blackRim)],
        ['light squares', c.light],
        ['last move frame', c.lastMove],
      ]) {
        expect(contrast(colour, c.dark), `${scheme}: ${what} against the played squares`).toBeGreaterThanOrEqual(3);
      }
      expect(c.lastMoveStyle, 'the last move framed, not only coloured').toBe('dashed');
      const probe = async (v) => page.evaluate((val) => {
        const d = document.createElement('div');
        d.style.color = val;
        document.body.append(d);
        const out = getComputedStyle(d).color;
        d.remove();
        return out;
      }, v);
      expect(contrast(await probe(c.select), c.dark), `${scheme}: selection ring`).toBeGreaterThanOrEqual(3);
      expect(contrast(await probe(c.hint), c.dark), `${scheme}: hint ring`).toBeGreaterThanOrEqual(3);
      await app.press(app.sq(19 - 1)); // a black man: Black to move
      const dest = await page.$$eval('#board .is-dest', (els) => els.map((e) => getComputedStyle(e, '::before').backgroundColor));
      expect(dest.length, 'destinations shown').toBeGreaterThan(0);
      expect(contrast(dest[0], c.dark), `${scheme}: destination dot`).toBeGreaterThanOrEqual(3);
      await app.press(app.sq(19 - 1));
    }
  });

  test('the settings survive a reload; the events tell other modules', async ({ app, page }) => {
    await page.addInitScript(() => {
      window.__settingsEvents = [];
      document.addEventListener('draughts:settings', (e) => window.__settingsEvents.push(e.detail));
    });
    await app.open();
    const events = () => page.evaluate(() => window.__settingsEvents);
    let ev = await events();
    expect(ev.length, 'one event at boot').toBe(1);
    expect(ev[0]).toMatchObject({ labels: 'inside', animation: 'normal', destinations: true, board: 'wood', pieces: 'classic', sound: true, vibration: true, book: true });
    await app.openSettings();
    await page.selectOption('#setting-labels', 'border');
    await page.selectOption('#setting-board', 'contrast');
    await page.selectOption('#setting-pieces', 'flat');
    await page.selectOption('#setting-animation', 'fast');
    for (const id of ['setting-destinations', 'auto-rotate', 'setting-sound', 'setting-book']) await app.press(`#${id}`);
    await app.closeSettings();
    ev = await events();
    expect(ev.length, 'one event per change').toBe(9);
    expect(ev.at(-1)).toMatchObject({ labels: 'border', board: 'contrast', pieces: 'flat', animation: 'fast', destinations: false, autoRotate: true, sound: false, vibration: true, book: false });
    expect(await page.evaluate(() => window.draughts.computer.useBook), 'the computer follows the book setting').toBe(false);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('draughts.settings')));
    expect(saved).toMatchObject({ labels: 'border', board: 'contrast', pieces: 'flat', animation: 'fast', destinations: false, autoRotate: true, sound: false, book: false });
    expect('vibration' in saved, 'a setting never changed is not saved').toBe(false);

    await app.reload();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-labels', 'border');
    await expect(html).toHaveAttribute('data-board', 'contrast');
    await expect(html).toHaveAttribute('data-pieces', 'flat');
    await expect(html).toHaveAttribute('data-destinations', 'off');
    ev = await events();
    expect(ev.length, 'one event at boot').toBe(1);
    expect(ev[0]).toMatchObject({ sound: false, vibration: true, animation: 'fast' });
    await app.openSettings();
    expect(await page.inputValue('#setting-animation')).toBe('fast');
    expect(await page.inputValue('#setting-board')).toBe('contrast');
    expect(await page.isChecked('#auto-rotate')).toBe(true);
    expect(await page.isChecked('#setting-destinations')).toBe(false);
    expect(await page.isChecked('#setting-sound')).toBe(false);
    expect(await page.isChecked('#setting-book')).toBe(false);
    expect(await page.evaluate(() => window.draughts.computer.useBook), 'and after a reload').toBe(false);
    await app.closeSettings();
    const m = await keyMove(page, 32, 28);
    expect(m.transition, 'the animation speed came back').toContain('55ms');
  });

  test('a damaged settings save falls back to the defaults', async ({ app, page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('draughts.settings', JSON.stringify({ labels: 'sideways', board: 42, animation: null, sound: 'yes' }));
      }
    });
    await app.open();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-labels', 'inside');
    await expect(html).toHaveAttribute('data-board', 'wood');
    await app.openSettings();
    expect(await page.inputValue('#setting-animation')).toBe('normal');
    expect(await page.isChecked('#setting-sound')).toBe(true);
  });
});

test.describe('settings with reduced motion', on('desktop', 'phone'), () => {
  test.use({ reducedMotion: 'reduce' });

  test('the animation is off by default; a choice made wins', async ({ app, page }) => {
    await app.open();
    await app.openSettings();
    expect(await page.inputValue('#setting-animation'), 'off by default').toBe('off');
    await app.closeSettings();
    let m = await keyMove(page, 32, 28);
    expect(m, 'the piece lands at once').toEqual({ moving: false, transition: '', landed: true });
    await app.setting('setting-animation', 'normal');
    await app.reload();
    await app.openSettings();
    expect(await page.inputValue('#setting-animation'), 'the choice made').toBe('normal');
    await app.closeSettings();
    m = await keyMove(page, 19, 23);
    expect(m.moving, 'the piece slides, as chosen').toBe(true);
  });
});

test.describe('settings screenshots', on(...ALL_VIEWPORTS), () => {
  test('the panel and every theme, light and dark', async ({ app, page, viewport }) => {
    await app.open();
    await app.play([[32, 28]]);
    await app.press(app.sq(19));
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await app.openSettings();
      const box = await page.locator('#settings-dialog').boundingBox();
      expect(box.x, 'the panel fits the width').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
      await app.shot(`settings-panel-${scheme}`);
      await expect(page.locator('#settings-close')).toBeInViewport();
      await app.closeSettings();
      for (const [board, pieces] of [['wood', 'classic'], ['green', 'flat'], ['blue', 'classic'], ['contrast', 'contrast']]) {
        await app.openSettings();
        await page.selectOption('#setting-board', board);
        await page.selectOption('#setting-pieces', pieces);
        await page.selectOption('#setting-labels', board === 'blue' ? 'border' : 'inside');
        await app.closeSettings();
        await app.shot(`settings-theme-${board}-${pieces}-${scheme}`);
      }
    }
    // Kings in each piece set (dark mode, high-contrast board for the last).
    await app.setFen('W:WK28,K33,38:BK19,K23,14');
    for (const [board, pieces] of [['wood', 'classic'], ['green', 'flat'], ['contrast', 'contrast']]) {
      await app.openSettings();
      await page.selectOption('#setting-board', board);
      await page.selectOption('#setting-pieces', pieces);
      await app.closeSettings();
      await app.shot(`settings-kings-${pieces}-dark`);
    }
    // Around the board: the Turkish board (all cells, algebraic) in high contrast, English named
    // algebraically on its checkered board, in dark mode.
    await app.setting('setting-labels', 'border');
    await app.newGame({ variant: 'turkish' });
    await app.shot('settings-border-turkish-contrast-dark');
    await app.newGame({ variant: 'english' });
    await app.openSettings();
    await page.selectOption('#setting-notation', 'algebraic');
    await page.selectOption('#setting-board', 'wood');
    await page.selectOption('#setting-pieces', 'classic');
    await app.shot('settings-panel-english-dark');
    await app.closeSettings();
    await app.shot('settings-border-english-algebraic-dark');
    const board = await page.locator('#board').boundingBox();
    const wrap = await page.locator('.board-wrap').boundingBox();
    expect(board.x + board.width, 'the board and border fit the width').toBeLessThanOrEqual(viewport.width + 1);
    expect(wrap.height, 'the border adds no height').toBeLessThanOrEqual(wrap.width + 1);
    // The gear stays in the masthead's first line at every width.
    const gear = await page.locator('#settings').boundingBox();
    const title = await page.locator('h1').boundingBox();
    expect(Math.abs(gear.y + gear.height / 2 - (title.y + title.height / 2)), 'the gear beside the title').toBeLessThan(12);
  });
});
