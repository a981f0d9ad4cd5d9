// Sound and feel: the sounds of a move, a capture, a crowning and the end of a game (and none for
// a load, an undo or a redo), mute kept over a reload, the vibration tick, the low-time pip, the
// pieces a capture took drawn as ghosts until the next move, and the pieces that can move marked
// at the start of a turn.
//
// Web Audio and navigator.vibrate are replaced before the page loads by recorders: each sound the
// page plays is logged by name (its `draughts:sound` event) together with the audio nodes it
// started, so a sound that is announced but never reaches the AudioContext fails too.
import { ALL_VIEWPORTS, on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';
import { thinkingThen } from './helpers.mjs';

/**
 * White's king takes four (a king among them) by 47x38x24x13x36; then 14-20, 7-2 crowns, 20-24,
 * and 2x30 takes Black's last piece.
 */
const FEN = 'W:WK47,7:B14,19,K29,31,42';
const GAME = ['47x38x24x13x36', '14-20', '7-2', '20-24', '2x30'];
const TAKEN = [
  [19, 'black', 'man'],
  [29, 'black', 'king'],
  [31, 'black', 'man'],
  [42, 'black', 'man'],
];

/** Installs the recorders (before the page's scripts run): window.__feedback. */
function recordFeedback(page) {
  return page.addInitScript(() => {
    const log = (window.__feedback = { contexts: [], started: 0, sounds: [], vibrations: [] });
    const param = (value) => ({ value, setValueAtTime() {}, exponentialRampToValueAtTime() {}, linearRampToValueAtTime() {} });
    class Node {
      connect(n) {
        return n;
      }
      disconnect() {}
    }
    class Source extends Node {
      frequency = param(440);
      start() {
        log.started += 1;
      }
      stop() {}
    }
    window.AudioContext = class {
      constructor() {
        // Made in a user gesture (the autoplay policy), or the browser would keep it silent.
        log.contexts.push({ inGesture: navigator.userActivation.isActive });
        this.state = 'running';
        this.currentTime = 0;
        this.sampleRate = 48000;
        this.destination = new Node();
      }
      createGain() {
        return Object.assign(new Node(), { gain: param(1) });
      }
      createOscillator() {
        return new Source();
      }
      createBufferSource() {
        return new Source();
      }
      createBiquadFilter() {
        return Object.assign(new Node(), { frequency: param(350), Q: param(1) });
      }
      createBuffer(channels, length) {
        const data = new Float32Array(length);
        return { getChannelData: () => data };
      }
      resume() {
        return Promise.resolve();
      }
    };
    navigator.vibrate = (pattern) => {
      log.vibrations.push(pattern);
      return true;
    };
    let before = 0;
    document.addEventListener('draughts:sound', (e) => {
      // The nodes the sound just scheduled started (the event follows its scheduling).
      log.sounds.push({ name: e.detail.name, nodes: log.started - before });
      before = log.started;
    });
  });
}

const feedback = (page) => page.evaluate(() => window.__feedback);
const soundNames = async (page) => (await feedback(page)).sounds.map((s) => s.name);

/** Plays the legal move written `text` by pressing its squares. */
async function playText(app, text) {
  const legal = (await app.legal()).flatMap((m) => [m.full, m.notation]);
  expect(legal, `${text} is legal`).toContain(text);
  return app.tapMove(`(legal) => legal.findIndex((m) => m.full === '${text}' || m.notation === '${text}')`);
}

test.describe('sound and feel', on('desktop', 'phone'), () => {
  test('a move, a capture, a crowning and the end each sound; loading, undo and redo do not', async ({ app, page }) => {
    await recordFeedback(page);
    await app.open();
    expect((await feedback(page)).contexts, 'no AudioContext before a gesture').toEqual([]);
    await expect(page.locator('#mute'), 'the mute button shows sound on').toHaveAttribute('aria-pressed', 'false');
    await app.setFen(FEN);
    const ctx = (await feedback(page)).contexts;
    expect(ctx, 'one AudioContext, made in a gesture').toEqual([{ inGesture: true }]);
    expect(await soundNames(page), 'nothing sounds when a position is loaded').toEqual([]);

    const expected = [['capture'], ['move'], ['move', 'crown'], ['move'], ['capture', 'end']];
    const heard = [];
    for (const [i, text] of GAME.entries()) {
      await playText(app, text);
      heard.push(...expected[i]);
      await expect.poll(() => soundNames(page), `sounds after ${text}`).toEqual(heard);
    }
    const { sounds, vibrations } = await feedback(page);
    for (const s of sounds) expect(s.nodes, `${s.name} started audio nodes`).toBeGreaterThan(0);
    // The capture clicks once per piece taken: four pieces make more than one.
    expect(sounds[0].nodes, 'a four-piece capture is longer than a move').toBeGreaterThan(sounds[1].nodes + 4);
    expect(vibrations, 'a tick per move, a double one per capture').toEqual([[14, 50, 14], 12, 12, 12, [14, 50, 14]]);
    await app.waitForResult();
    await app.press('#result-close');

    await app.press('#undo');
    await expect.poll(async () => (await app.game()).ply).toBe(4);
    await app.press('#redo');
    await expect.poll(async () => (await app.game()).ply).toBe(5);
    await app.waitForResult();
    await app.press('#result-close');
    await app.press('#nav-prev');
    await app.press('#nav-last');
    await app.press('#undo');
    await app.setFen('B:W28:B'); // a game already over when loaded
    await expect(page.locator('#status')).toContainText('White wins');
    await app.waitForResult();
    await app.press('#result-close');
    await app.setFen(FEN);
    expect(await soundNames(page), 'undo, redo (to the end again), going through the moves and loads are silent').toEqual(heard);
    await app.reload();
    expect(await soundNames(page), 'a reload is silent').toEqual([]);
  });

  test("the browser's own Web Audio plays every sound without an error", async ({ app, page }) => {
    await page.addInitScript(() => {
      window.__sounds = [];
      document.addEventListener('draughts:sound', (e) => window.__sounds.push(e.detail.name));
    });
    await app.open();
    await app.setFen(FEN);
    for (const text of GAME) await playText(app, text);
    // A sound is told only once its nodes are scheduled: Web Audio refused none of them.
    await expect.poll(() => page.evaluate(() => window.__sounds)).toEqual(['capture', 'move', 'move', 'crown', 'move', 'capture', 'end']);
    const low = await page.evaluate(() => {
      document.dispatchEvent(new CustomEvent('draughts:low-time', { detail: { side: 'white' } }));
      return window.__sounds.at(-1);
    });
    expect(low).toBe('low-time');
  });

  test('mute silences every sound and is kept over a reload', async ({ app, page }) => {
    await recordFeedback(page);
    await app.open();
    await app.play([[32, 28]]);
    await expect.poll(() => soundNames(page)).toEqual(['move']);
    await app.press('#mute');
    await expect(page.locator('#mute')).toHaveAttribute('aria-pressed', 'true');
    const started = (await feedback(page)).started;
    await app.play([[19, 23]]);
    expect(await soundNames(page), 'muted: the move is silent').toEqual(['move']);
    expect((await feedback(page)).started, 'muted: no audio node started').toBe(started);
    await app.reload();
    await expect(page.locator('#mute'), 'still muted after a reload').toHaveAttribute('aria-pressed', 'true');
    await app.play([[28, 19]]); // a capture
    await app.count('black', 19);
    let f = await feedback(page);
    expect(f.sounds, 'no sound while muted').toEqual([]);
    expect(f.started, 'no audio node started while muted').toBe(0);
    expect(f.vibrations, 'vibration is its own setting').toEqual([[14, 50, 14]]);
    // Sound on again: the button answers with a click, and moves sound.
    await app.press('#mute');
    await expect(page.locator('#mute')).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => soundNames(page)).toEqual(['move']);
    await app.play([[14, 23]]);
    await expect.poll(() => soundNames(page)).toEqual(['move', 'capture']);
    await app.reload();
    await expect(page.locator('#mute'), 'on after a reload').toHaveAttribute('aria-pressed', 'false');
    f = await feedback(page);
    expect(f.started, 'nothing sounds on a reload').toBe(0);
  });

  test('the settings panel switches sound and vibration; a saved choice holds at the next visit', async ({ app, page }) => {
    await recordFeedback(page);
    await app.open();
    // The settings panel (settings.js) tells its changes as a draughts:settings event.
    const settings = (detail) => page.evaluate((d) => document.dispatchEvent(new CustomEvent('draughts:settings', { detail: d })), detail);
    await settings({ sound: false, vibration: false });
    await expect(page.locator('#mute'), 'the mute button follows the panel').toHaveAttribute('aria-pressed', 'true');
    await app.play([[32, 28]]);
    let f = await feedback(page);
    expect([f.sounds, f.vibrations], 'neither sound nor vibration').toEqual([[], []]);
    await settings({ sound: true, vibration: true });
    await expect(page.locator('#mute')).toHaveAttribute('aria-pressed', 'false');
    await app.play([[19, 23]]);
    await expect.poll(() => soundNames(page)).toEqual(['move']);
    expect((await feedback(page)).vibrations).toEqual([12]);
    // What the panel saves (storage.js, only its key) is read at the next visit.
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('draughts.settings') || '{}');
      localStorage.setItem('draughts.settings', JSON.stringify({ ...s, vibration: false }));
    });
    await app.reload();
    await app.play([[28, 19]]);
    await expect.poll(() => soundNames(page)).toEqual(['capture']);
    f = await feedback(page);
    expect(f.vibrations, 'vibration off from the saved settings').toEqual([]);
  });

  test('against the computer the end sounds as a win or a loss; low time pips for the player only', async ({ app, page }) => {
    await recordFeedback(page);
    await app.open();
    await app.newGame({ opponent: 'computer' }); // the computer plays Black
    await app.setFen('W:WK2:B24');
    await playText(app, '2x30');
    await expect.poll(() => soundNames(page)).toEqual(['capture', 'win']);
    await app.waitForResult();
    await app.press('#result-close');

    await app.setFen('W:W28:B14,9');
    await app.press('#resign');
    await app.press('#confirm-yes');
    await expect.poll(() => soundNames(page), 'resigning loses').toEqual(['capture', 'win', 'loss']);
    await app.waitForResult();
    await app.press('#result-close');

    // The game ends outside the controller's actions (a clock's flag): the player lost.
    await app.setFen('W:W28:B14,9');
    await app.endFromOutside('white');
    await expect.poll(() => soundNames(page), 'a flag loses').toEqual(['capture', 'win', 'loss', 'loss']);
    await app.waitForResult();
    await app.press('#result-close');

    // The clock (another module) says a side is running low.
    const lowTime = (side) => page.evaluate((s) => document.dispatchEvent(new CustomEvent('draughts:low-time', { detail: { side: s } })), side);
    await lowTime('black');
    await lowTime('white');
    await expect.poll(() => soundNames(page), "the player's clock pips, the computer's does not").toEqual(['capture', 'win', 'loss', 'loss', 'low-time']);
  });

  test('a draw agreed between two players sounds', async ({ app, page }) => {
    await recordFeedback(page);
    await app.open();
    await app.play([[32, 28]]);
    await app.press('#offer-draw');
    await app.press('#confirm-yes');
    await expect.poll(() => soundNames(page)).toEqual(['move', 'draw']);
  });

  test('the pieces a capture took are ghosts until the next move', async ({ app, page }) => {
    await recordFeedback(page);
    await app.open();
    await app.setFen(FEN);
    await playText(app, GAME[0]);
    await app.count('black', 1);
    const ghosts = () =>
      page.$$eval('#board .ghost', (els) =>
        els
          .map((e) => [+e.closest('[data-square]').dataset.square, ...['black', 'white'].filter((c) => e.classList.contains(c)), ...['man', 'king'].filter((r) => e.classList.contains(r))])
          .sort((a, b) => a[0] - b[0]),
      );
    expect(await ghosts(), 'the four pieces taken, where they stood, with their colour and rank').toEqual(TAKEN);
    await expect(page.locator('#board .piece'), 'ghosts are not pieces').toHaveCount(3);
    expect(await app.sq(29).getAttribute('aria-label'), 'a ghost is described').toBe('29, empty, black king just taken');
    const faded = await page.$eval(`${app.sel(29)} .ghost`, (g) => [Number(getComputedStyle(g).opacity), getComputedStyle(g).pointerEvents]);
    expect(faded, 'faded and not in the way of a tap').toEqual([0.35, 'none']);
    // Back to the position before the capture and forward again: the ghosts are the shown move's.
    await app.press('#nav-prev');
    await expect(page.locator('#board .ghost')).toHaveCount(0);
    await app.press('#nav-next');
    await expect(page.locator('#board .ghost')).toHaveCount(4);
    await playText(app, GAME[1]);
    await expect(page.locator('#board .ghost'), 'gone after the next move').toHaveCount(0);
  });

  test('the pieces that can move are marked when a turn starts; captures more strongly', async ({ app, page }) => {
    await app.open();
    expect(await app.squaresWith('is-movable'), "White's movable pieces at the start").toEqual([31, 32, 33, 34, 35]);
    expect(await app.squaresWith('is-capturing')).toEqual([]);
    const ring = await page.$eval(`${app.sel(32)} .piece`, (p) => getComputedStyle(p).outlineStyle);
    expect(ring, 'a movable piece is ringed').toBe('solid');
    await app.press(app.sq(32));
    await expect(app.sq(32)).toHaveClass(/is-selected/);
    expect(await app.squaresWith('is-movable'), 'no marks while a piece is picked').toEqual([]);
    await app.press(app.sq(28));
    await expect(app.sq(28)).toHaveClass(/is-last-move/);
    expect(await app.squaresWith('is-movable'), "then Black's").toEqual([16, 17, 18, 19, 20]);
    await app.play([[19, 23]]);
    // White must capture: only the capturing pieces are marked, with the capture's double ring.
    expect(await app.squaresWith('is-movable')).toEqual([28]);
    expect(await app.squaresWith('is-capturing')).toEqual([28]);
    const double = await page.$eval(`${app.sel(28)} .piece`, (p) => getComputedStyle(p).outlineStyle);
    expect(double, 'a capturing piece has a double ring').toBe('double');
    // Looking back shows no marks: the board is read-only there.
    await app.press('#nav-prev');
    expect(await app.squaresWith('is-movable')).toEqual([]);
  });

  test('the computer is to move: none of its pieces are marked', async ({ app, page }) => {
    await app.open();
    await app.noBook(); // level 6 must search here, not answer from its opening book
    await app.newGame({ opponent: 'computer', level: 6 }); // the computer plays Black
    // Pressed, not app.play(): the reply may come before its check of the last move's marks.
    await app.press(app.sq(32));
    await app.press(app.sq(28));
    const { results } = await thinkingThen(page, '.card-black', () => document.querySelectorAll('#board .is-movable').length);
    expect(results[0], 'no marks while the computer thinks').toBe(0);
    await app.playersTurn();
    expect((await app.squaresWith('is-movable')).length, "the player's pieces once it has played").toBeGreaterThan(0);
  });
});

test.describe('sound and feel: layout', on(...ALL_VIEWPORTS), () => {
  test('the mute button is in reach; ghosts and movable marks in light and dark', async ({ app, page, viewport }) => {
    await recordFeedback(page);
    await app.open();
    const mute = await page.locator('#mute').boundingBox();
    expect(mute.width, 'a finger-sized target').toBeGreaterThanOrEqual(44);
    expect(mute.height, 'a finger-sized target').toBeGreaterThanOrEqual(44);
    expect(mute.x + mute.width, 'inside the width').toBeLessThanOrEqual(viewport.width);
    expect(mute.y, 'at the top, without scrolling').toBeLessThan(viewport.height / 2);
    const title = await page.locator('.masthead-title').boundingBox();
    expect(Math.abs(mute.y + mute.height / 2 - (title.y + title.height / 2)), 'on the title line: the board loses no height').toBeLessThan(8);
    for (const other of ['#open-new-game', '#games', '.masthead-title']) {
      const b = await page.locator(other).boundingBox();
      const apart = mute.x >= b.x + b.width || b.x >= mute.x + mute.width || mute.y >= b.y + b.height || b.y >= mute.y + mute.height;
      expect(apart, `the mute button does not overlap ${other}`).toBe(true);
    }
    const scroll = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
    expect(scroll, 'no horizontal scroll').toBeLessThanOrEqual(0);
    // White takes four: ghosts, and Black's pieces that can move ringed.
    await app.setFen('W:WK47,7,50,45:B14,19,K29,31,42,3,4,10');
    await playText(app, '47x38x24x13x36');
    await expect(page.locator('#board .ghost')).toHaveCount(4);
    expect(await app.squaresWith('is-movable')).toEqual([3, 4, 10, 14]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await app.shot('sound-ghosts-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await app.press('#mute');
    await expect(page.locator('#mute')).toHaveAttribute('aria-pressed', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await app.shot('sound-ghosts-dark-muted');
    // 4-9 gives White a capture: the king that must take is double-ringed.
    await playText(app, '4-9');
    expect(await app.squaresWith('is-capturing')).toEqual([36]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await app.shot('sound-capture-ring-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
