// End-to-end test of the built site (dist/) in the system Chromium, driven by playwright-core:
// a desktop viewport with mouse clicks and a phone viewport (390×844, touch) with taps.
// `node tests/e2e/run.mjs` (builds dist/ with Trunk first if it is missing). Prints measured
// sizes and timings; screenshots go to target/e2e/. Exit status 1 on the first failure.
// Then, on the phone, games against the computer (which thinks in a Web Worker): a full game at
// level 1, responsiveness while level 6 thinks, cancelling, undo, hints, and the search speed.

import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// DIST_DIR: test another build (e.g. one made with `trunk build --release --dist DIR`).
const DIST = resolve(process.env.DIST_DIR || join(ROOT, 'dist'));
const SHOTS = join(ROOT, 'target/e2e');
const PREFIX = '/some/sub/path/'; // the site must work from any sub-path
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// A short forced game (International): every move is the only legal one; White wins.
const SHORT_GAME = {
  fen: 'W:W25,20:B9,15',
  moves: [
    // [from, to, white count after, black count after, side to move after]
    [20, 14, 2, 2, 'Black'],
    [9, 20, 1, 2, 'White'],
    [25, 14, 1, 1, 'Black'],
    [15, 20, 1, 1, 'White'],
    [14, 25, 1, 0, null],
  ],
};
// A flying king with two four-piece captures from 47 to 36 by different paths.
const PATH_CHOICE_FEN = 'W:WK47:B14,19,29,31,42';
// Two seven-piece captures from 33 to 17: 33x17x8x24x33x42x26x17 lands on 17 on the way,
// 33x42x26x17x8x30x39x17 does not; choosing the first means tapping the destination itself.
const THROUGH_DEST_FEN = 'W:WK33:B12,13,21,22,29,34,37,38';
// A king whose captures include one ending on its own start square (38x27x13x24x38).
const BACK_HOME_FEN = 'W:WK38:B18,19,32,33';
// The search measured for nodes per second in wasm (in the page's worker) and natively (the CLI's
// Hub engine, built with `cargo build --release`): International start position, fixed depth,
// 16 MB table, both timed without the table's allocation. Equal node counts show it is the same
// search. Set NATIVE_COMPARE=0 to skip the native build and run.
const NPS_FEN = 'W:W31-50:B1-20';
const NPS_DEPTH = 13;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

let failures = 0;
const figures = [];

function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
}

async function step(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    console.log(`  ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    console.log(`  FAIL ${name}: ${e.message.split('\n')[0]}`);
    failures += 1;
    throw e;
  }
}

function gz(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function kb(n) {
  return `${(n / 1024).toFixed(1)} KB`;
}

async function main() {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log('dist/ missing: trunk build --release');
    execFileSync('trunk', ['build', '--release'], { cwd: ROOT, stdio: 'inherit' });
  }
  mkdirSync(SHOTS, { recursive: true });
  const server = await startServer({ dir: DIST, port: 0, prefix: PREFIX });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const base = origin + PREFIX;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const loaded = new Set();
  try {
    for (const kind of ['desktop', 'phone']) {
      console.log(`\n${kind}:`);
      const opts = kind === 'phone' ? PHONE : { viewport: { width: 1280, height: 800 } };
      const ctx = await browser.newContext(opts);
      try {
        await runViewport(ctx, kind, base, origin, kind === 'desktop' ? loaded : new Set());
      } finally {
        await ctx.close();
      }
    }
    console.log('\nphone, against the computer:');
    const ctx = await browser.newContext(PHONE);
    try {
      await runComputer(ctx, base, origin);
    } finally {
      await ctx.close();
    }
    console.log('\nphone, every variant:');
    await runVariants(browser, base, origin);
  } catch {
    /* reported by step() */
  } finally {
    await browser.close();
    server.close();
  }
  report(loaded, origin);
  if (failures) {
    console.log(`\ne2e: ${failures} failure(s)`);
    process.exit(1);
  }
  console.log('\ne2e: all checks passed');
}

async function runViewport(ctx, kind, base, origin, loaded) {
  const page = await ctx.newPage();
  const errors = [];
  const foreign = [];
  let firstVisit = true; // only the first load counts towards the transfer size
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    const u = r.url();
    if (u.startsWith('data:') || u.startsWith('blob:')) return;
    if (!u.startsWith(origin)) foreign.push(u);
    else if (firstVisit) loaded.add(u);
  });
  const phone = kind === 'phone';
  const press = (sel) => (phone ? page.tap(sel) : page.click(sel));
  const sq = (n) => `#board [data-square="${n}"]`;
  const text = (sel) => page.locator(sel).innerText();
  const shot = (name) => page.screenshot({ path: join(SHOTS, `${kind}-${name}.png`) });
  const evalGame = (fn) => page.evaluate(fn);
  const fen = () => evalGame(() => window.draughts.controller.game.fen());

  await step('first load renders the board', async () => {
    await page.goto(base);
    await page.waitForSelector('body.is-ready', { timeout: 15000 });
    check((await page.locator('#board [data-square]').count()) === 50, '50 squares on the International board');
    check((await page.locator('#board .piece.white.man').count()) === 20, '20 white men');
    check((await page.locator('#board .piece.black.man').count()) === 20, '20 black men');
    check((await text('#turn')).includes('White'), '#turn names White');
    check((await text('#count-white')).trim() === '20', '#count-white is 20');
    const first = await page.evaluate(() => performance.getEntriesByName('first-render')[0]?.startTime);
    figures.push([kind, 'first render after navigation', `${first.toFixed(0)} ms`]);
    // Let the service worker finish its precache: those requests are part of the first visit.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForTimeout(300);
    firstVisit = false;
    const label = await page.locator(sq(32)).getAttribute('aria-label');
    check(label === '32, white man', `accessible name of 32: ${label}`);
    await shot('start');
  });

  await step('select shows destinations; a move by tap/click', async () => {
    await press(sq(32));
    await page.waitForSelector(`${sq(32)}.is-selected`);
    const dests = await page.$$eval('#board .is-dest', (els) => els.map((e) => +e.dataset.square).sort((a, b) => a - b));
    check(JSON.stringify(dests) === '[27,28]', `destinations of 32: ${dests}`);
    await press(sq(28));
    await page.waitForFunction(() => document.querySelector('#turn').textContent.includes('Black'));
    check(await page.locator(`${sq(28)} .piece.white`).count(), 'white man on 28');
    check(await page.locator(`${sq(28)}.is-last-move`).count(), 'last move highlighted');
    check((await text('#moves')).includes('32-28'), 'move list shows 32-28');
  });

  await step('drag and drop plays a move', async () => {
    await dragSquare(page, phone, 19, 23);
    await page.waitForFunction(() => document.querySelector('#turn').textContent.includes('White'));
    check(await page.locator(`${sq(23)} .piece.black`).count(), 'black man dropped on 23');
  });

  await step('keyboard: arrows move focus, Enter and Space select and play', async () => {
    // White must capture 28x19 now; select it with the keyboard.
    await page.focus(sq(32));
    await page.keyboard.press('ArrowUp');
    const focused = await page.evaluate(() => document.activeElement.dataset.square);
    check(focused === '28', `ArrowUp from 32 focuses 28 (got ${focused})`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${sq(28)}.is-selected`);
    await page.focus(sq(19));
    await page.keyboard.press(' ');
    await page.waitForFunction(() => document.querySelector('#count-black').textContent === '19');
    const announced = await text('#announcer');
    check(/White played 28x19/.test(announced), `announced: ${announced}`);
  });

  await step('undo and redo', async () => {
    const after = await fen();
    await press('#undo');
    await page.waitForFunction(() => document.querySelector('#count-black').textContent === '20');
    check((await text('#turn')).includes('White'), 'White to move after undo');
    await press('#redo');
    await page.waitForFunction(() => document.querySelector('#count-black').textContent === '19');
    check((await fen()) === after, 'redo restores the position');
    check((await text('#turn')).includes('Black'), 'Black to move after redo');
  });

  await step('reload restores the game', async () => {
    const before = await fen();
    const moves = await text('#moves');
    await page.reload();
    await page.waitForSelector('body.is-ready');
    check((await fen()) === before, 'same position after reload');
    check((await text('#moves')) === moves, 'same move list after reload');
  });

  let pdn = '';
  await step('PDN export then import round-trips', async () => {
    const before = await fen();
    await press('#export-pdn');
    pdn = await page.locator('#export-text').inputValue();
    check(pdn.includes('1. 32-28 19-23 2. 28x19'), `PDN move text: ${pdn}`);
    await press('#export-close');
    await press('#new-game');
    await press('#confirm-yes');
    await page.waitForFunction(() => document.querySelector('#count-black').textContent === '20');
    await press('#import-pdn');
    await page.fill('#import-text', pdn);
    await press('#import-load');
    await page.waitForFunction(() => document.querySelector('#count-black').textContent === '19');
    check((await fen()) === before, 'imported game reaches the same position');
  });

  await step('bad import input shows a clear message', async () => {
    await press('#import-pdn');
    await page.fill('#import-text', '1. 32-28 19-23 2. 28-99 *');
    await press('#import-load');
    const msg = await text('#import-error');
    check(/PDN/.test(msg) && /99/.test(msg), `import error: ${msg}`);
    await page.fill('#import-text', 'W:W31-50:B1-99');
    await press('#import-load');
    const msg2 = await text('#import-error');
    check(/FEN/.test(msg2), `FEN error: ${msg2}`);
    await press('#import-close');
  });

  await step('multi-capture with a choice of path', async () => {
    await setFen(page, press, PATH_CHOICE_FEN);
    await press(sq(47));
    await press(sq(36));
    await page.waitForSelector('#board .is-waypoint');
    const way = await page.$$eval('#board .is-waypoint', (els) => els.map((e) => +e.dataset.square).sort((a, b) => a - b));
    check(JSON.stringify(way) === '[20,24]', `waypoints: ${way}`);
    check(await page.locator(`${sq(42)} .piece.is-captured`).count(), 'the piece already jumped (42) is faded');
    // The landing square both paths share (38) is marked as chosen, numbered 1.
    const chosen = await page.$$eval('#board .is-path', (els) => els.map((e) => `${e.dataset.square}:${e.dataset.step}`));
    check(JSON.stringify(chosen) === '["38:1"]', `chosen landing squares: ${chosen}`);
    check(/choose the next landing square/.test(await text('#message')), 'the path prompt is shown');
    await shot('path-choice');
    await press(sq(20));
    await page.waitForFunction(() => document.querySelector('#count-black').textContent === '1');
    await page.waitForFunction(() => !document.querySelector('#board .is-captured'));
    check(await page.locator(`${sq(36)} .piece.white.king`).count(), 'king landed on 36');
    const left = await page.locator('#board .piece.black').count();
    check(left === 1, `captured pieces removed (black pieces left: ${left})`);
    check((await text('#moves')).includes('47x38x20x9x36'), 'full path in the move list');
    check(!(await page.locator('#board .is-path').count()), 'no chosen-path marks after the move');
    check(await page.locator('#message').isHidden(), 'the path prompt is gone after the move');
  });

  await step('a capture path through its own destination; a capture back to its start square', async () => {
    await setFen(page, press, THROUGH_DEST_FEN);
    await press(sq(33));
    await press(sq(17));
    await page.waitForSelector('#board .is-waypoint');
    const way = await page.$$eval('#board .is-waypoint', (els) => els.map((e) => +e.dataset.square).sort((a, b) => a - b));
    check(JSON.stringify(way) === '[17,42]', `next landing squares include the destination: ${way}`);
    await press(sq(17)); // the path that lands on 17 first, then comes back to it
    await page.waitForFunction(() => document.querySelector('#count-black').textContent === '1');
    const last = await page.evaluate(() => window.draughts.controller.game.lastMove().full);
    check(last === '33x17x8x24x33x42x26x17', `path played: ${last}`);

    await setFen(page, press, BACK_HOME_FEN);
    await press(sq(38));
    await page.waitForSelector(`${sq(38)}.is-selected.is-dest`);
    await press(sq(38)); // the selected king's own square is a destination: it plays the loop
    await page.waitForSelector('dialog#result[open]');
    const home = await page.evaluate(() => window.draughts.controller.game.lastMove().full);
    check(home === '38x27x13x24x38', `capture back to the start square: ${home}`);
    check(await page.locator(`${sq(38)} .piece.white.king`).count(), 'the king is back on 38');
    await press('#result-close');
  });

  await step('a complete game to the winner dialog', async () => {
    await setFen(page, press, SHORT_GAME.fen);
    for (const [from, to, w, b, turn] of SHORT_GAME.moves) {
      await press(sq(from));
      await page.waitForSelector(`${sq(to)}.is-dest`);
      await press(sq(to));
      // The move is complete when the last-move highlight reaches its destination.
      await page.waitForSelector(`${sq(from)}.is-last-move`);
      await page.waitForSelector(`${sq(to)}.is-last-move`);
      check((await text('#count-white')) === String(w), `White has ${w} after ${from}-${to}`);
      check((await text('#count-black')) === String(b), `Black has ${b} after ${from}-${to}`);
      if (turn) check((await text('#turn')).includes(turn), `${turn} to move after ${from}-${to}`);
    }
    await page.waitForSelector('dialog#result[open]');
    const result = await text('dialog#result');
    check(/White wins/.test(result) && /no pieces/.test(result), `result dialog: ${result}`);
    check((await text('#status')).includes('White wins'), '#status names the winner');
    await shot('game-over');
    await press('#result-new-game');
    await page.waitForFunction(() => document.querySelector('#count-black').textContent === '20');
    check(!(await page.locator('dialog#result[open]').count()), 'dialog closed by New game');
  });

  await step('resign and draw by agreement', async () => {
    await press(sq(31));
    await press(sq(26));
    await page.waitForFunction(() => document.querySelector('#turn').textContent.includes('Black'));
    await press('#offer-draw');
    await press('#confirm-yes');
    await page.waitForSelector('dialog#result[open]');
    check(/Draw/.test(await text('dialog#result')), 'draw dialog');
    await press('#result-close');
    await press('#undo'); // takes back the agreement
    await page.waitForFunction(() => !document.body.classList.contains('is-over'));
    // Face to face (Black across the table, at the top): Black's question turns to Black, and the
    // result is written a second time, turned round, for Black too.
    await press('#face-to-face');
    await press('#resign');
    await page.waitForSelector('dialog#confirm[open]');
    const turned = (sel) => page.$eval(sel, (e) => getComputedStyle(e).transform.startsWith('matrix(-1'));
    check(await turned('dialog#confirm'), 'face to face, "Black, do you resign?" faces Black');
    await press('#confirm-yes');
    await page.waitForSelector('dialog#result[open]');
    const r = await text('dialog#result');
    check(/White wins/.test(r) && /Black resigned/.test(r), `resignation dialog: ${r}`);
    const mirror = await text('#result-mirror');
    check(mirror === 'White wins: Black resigned.' && (await page.isVisible('#result-mirror')) && (await turned('#result-mirror')),
      `face to face, the result also faces the top player: ${mirror}`);
    check(!(await turned('dialog#result')), 'the result dialog itself stays upright');
    await shot('face-to-face-result');
    await press('#result-new-game');
    await press('#face-to-face');
    check(!(await page.isVisible('#result-mirror')), 'no second copy when not face to face');
  });

  await step('switching to English: 8×8 board, Black to move', async () => {
    await page.selectOption('#variant', 'english');
    await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 32);
    check((await page.getAttribute('#board', 'data-size')) === '8', '8×8 board');
    check((await text('#turn')).includes('Black'), 'Black moves first in English');
    check((await page.locator('#board .piece.black.man').count()) === 12, '12 black men');
    check((await text('#count-white')).trim() === '12', '#count-white is 12');
    await shot('english');
  });

  await step('flip and face-to-face', async () => {
    const top = () => page.$eval('#board', (b) => [...b.children].sort((x, y) => x.getBoundingClientRect().top - y.getBoundingClientRect().top || x.getBoundingClientRect().left - y.getBoundingClientRect().left)[0].dataset.square);
    check((await top()) === '1', 'square 1 at the top-left');
    await press('#flip');
    check((await top()) === '32', 'square 32 at the top-left when flipped');
    await press('#flip');
    // Black is to move in English: turning the board to the side to move puts 32 top-left.
    await press('#auto-rotate');
    check((await top()) === '32', 'auto-rotate turns the board to Black');
    await press('#auto-rotate');
    await press('#flip');
    check((await top()) === '1', 'square 1 at the top-left again');
    await press('#face-to-face');
    await shot('face-to-face');
    await press('#face-to-face');
  });

  if (!phone) {
    await step('offline after the first visit (service worker)', async () => {
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      await page.waitForSelector('body.is-ready');
      await page.evaluate(() => navigator.serviceWorker.ready);
      await ctxOffline(page, true);
      await page.reload();
      await page.waitForSelector('body.is-ready', { timeout: 10000 });
      check((await page.locator('#board [data-square]').count()) === 32, 'board drawn offline');
      // The computer's worker loads offline too (its script and the module come from the cache).
      await press('#hint');
      await page.waitForSelector('#board .is-hint', { timeout: 10000 });
      await ctxOffline(page, false);
    });
  }

  await step('a corrupted save is reported and set aside', async () => {
    await page.evaluate(() => localStorage.setItem('draughts.save', '{"format":"draughts-save","version":1,"variant":"english","ply":3,"pdn":"1. 99-98 *"}'));
    await page.reload();
    await page.waitForSelector('body.is-ready');
    const msg = await text('#message');
    check(/could not be restored/.test(msg), `message: ${msg}`);
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draughts.save.unreadable')));
    check(kept.length === 1, `kept under another key: ${kept}`);
    check((await page.locator('#board .piece').count()) === 40, 'a fresh game was started');
    await page.evaluate(() => localStorage.setItem('draughts.save', 'not json at all'));
    await page.reload();
    await page.waitForSelector('body.is-ready');
    check(/could not be restored/.test(await text('#message')), 'garbage save reported');
    await shot('corrupted-save');
  });

  await step('timings of tap → destinations and tap → move drawn', async () => {
    await page.evaluate(() => performance.clearMeasures());
    for (const [from, to] of [
      [32, 28],
      [19, 23],
      [28, 19],
    ]) {
      await press(sq(from));
      await page.waitForSelector(`${sq(to)}.is-dest`);
      await press(sq(to));
      await page.waitForFunction((to) => document.querySelector(`#board [data-square="${to}"] .piece`), to);
    }
    const m = await page.evaluate(() =>
      Object.fromEntries(
        ['tap-to-destinations', 'apply-and-redraw', 'tap-to-move-drawn'].map((n) => {
          const d = performance.getEntriesByName(n).map((e) => e.duration);
          return [n, d.length ? Math.max(...d) : NaN];
        }),
      ),
    );
    figures.push([kind, 'tap → destinations drawn (max of 3)', `${m['tap-to-destinations'].toFixed(1)} ms`]);
    figures.push([kind, 'move applied + redrawn (max of 3)', `${m['apply-and-redraw'].toFixed(1)} ms`]);
    figures.push([kind, 'tap → move drawn incl. slide (max of 3)', `${m['tap-to-move-drawn'].toFixed(1)} ms`]);
  });

  await step('no console errors, no request leaves the origin', async () => {
    check(errors.length === 0, `console errors: ${errors.join(' | ')}`);
    check(foreign.length === 0, `foreign requests: ${foreign.join(' ')}`);
  });
}

/** Against the computer, on the phone: every check of issue 5's page part. */
async function runComputer(ctx, base, origin) {
  const page = await ctx.newPage();
  const errors = [];
  const foreign = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith('data:') && !u.startsWith('blob:') && !u.startsWith(origin)) foreign.push(u);
  });
  const tap = (sel) => page.tap(sel);
  const sq = (n) => `#board [data-square="${n}"]`;
  const text = (sel) => page.locator(sel).innerText();
  const shot = (name) => page.screenshot({ path: join(SHOTS, `computer-${name}.png`) });
  const game = () =>
    page.evaluate(() => {
      const c = window.draughts.controller;
      const g = c.game;
      return { ply: g.ply(), fen: g.fen(), turn: g.turn(), state: g.status().state, text: g.status().text };
    });
  // The player's turn (input open), or the game is over.
  const playersTurn = (timeout = 30000) =>
    page.waitForFunction(
      () => {
        const c = window.draughts.controller;
        const g = c.game;
        return g.status().state !== 'ongoing' || (!c.busy && !c.animating && !c.isComputer(g.turn()));
      },
      null,
      { timeout },
    );
  /** Plays the engine's first legal move by tapping squares, as a player would. */
  const tapFirstMove = () => tapMove(page, () => 0);
  const selectOption = async (id, value) => {
    await page.selectOption(`#${id}`, value);
    if (await page.locator('dialog#confirm[open]').count()) await tap('#confirm-yes');
  };

  await step('a save from before the computer opponent still loads (as two players)', async () => {
    await page.goto(base);
    await page.waitForSelector('body.is-ready', { timeout: 15000 });
    const old = { format: 'draughts-save', version: 1, variant: 'english', ply: 1, pdn: '1. 11-15 *', flipped: false };
    await page.evaluate((old) => localStorage.setItem('draughts.save', JSON.stringify(old)), old);
    await page.reload();
    await page.waitForSelector('body.is-ready');
    const g = await game();
    check(g.ply === 1 && g.turn === 'white', `old save restored: ply ${g.ply}, ${g.turn} to move`);
    check((await page.inputValue('#opponent')) === 'human', 'old save plays as two players');
    // An unreadable opponent field falls back to the defaults instead of losing the game.
    await page.evaluate((old) => localStorage.setItem('draughts.save', JSON.stringify({ ...old, opponent: { opponent: 'computer', level: 99, side: 'red' } })), old);
    await page.reload();
    await page.waitForSelector('body.is-ready');
    check((await game()).ply === 1, 'game kept despite a bad opponent field');
    check((await page.inputValue('#level')) === '3' && (await page.inputValue('#side')) === 'black', 'level and side fall back to 3 and Black');
    await selectOption('opponent', 'human');
    await selectOption('variant', 'international');
  });

  await step('opponent picker: levels named by the engine', async () => {
    check(await page.locator('#level').isHidden(), 'level hidden for two players');
    await selectOption('opponent', 'computer');
    check(await page.locator('#level').isVisible(), 'level shown against the computer');
    const levels = await page.$$eval('#level option', (os) => os.map((o) => `${o.value}=${o.textContent}`));
    check(levels.length === 6 && levels[0] === '1=1 · Beginner' && levels[5] === '6=6 · Master', `levels: ${levels}`);
    const side = await page.$$eval('#side option', (os) => os.map((o) => o.textContent));
    check(side.every((t) => /^Computer: (White|Black)$/.test(t)), `side labels: ${side}`);
    await shot('picker');
  });

  let plies = 0;
  await step('a full game against level 1 (English), played by taps, to the result dialog', async () => {
    await selectOption('variant', 'english');
    await selectOption('level', '1');
    await selectOption('side', 'white'); // the player is Black and moves first in English
    check((await text('.card-white .who')).includes('Computer'), "the computer's card is named");
    const t0 = Date.now();
    let reloaded = false;
    let undone = false;
    let hinted = false;
    for (;;) {
      await playersTurn();
      const g = await game();
      if (g.state !== 'ongoing') break;
      check(Date.now() - t0 < 240000 && g.ply < 500, `game still going after ${g.ply} plies`);
      if (g.ply === 4 && !hinted) {
        hinted = true;
        await tap('#hint');
        await page.waitForSelector('#board .is-hint');
        const squares = await page.$$eval('#board .is-hint', (els) => els.map((e) => +e.dataset.square));
        const legal = await page.evaluate(() => window.draughts.controller.legal);
        const match = legal.some((m) => [m.from, ...m.path].every((x) => squares.includes(x)) && squares.length === m.path.length + 1);
        check(match, `hint squares ${squares} are a legal move`);
        check((await game()).ply === g.ply, 'the hint is not played');
        check(/Hint:/.test(await text('#message')), 'the hint is named in the message');
        await shot('hint');
      }
      if (g.ply === 6 && !undone) {
        // Undo takes back the computer's reply and the player's move: the player is to move again.
        undone = true;
        await tap('#undo');
        const u = await game();
        check(u.ply === 4 && u.turn === 'black', `after undo: ply ${u.ply}, ${u.turn} to move`);
        check(!(await page.evaluate(() => document.body.classList.contains('is-thinking'))), 'not thinking after undo');
        continue;
      }
      await tapFirstMove();
      if (g.ply === 8 && !reloaded) {
        // Reload while the computer is to move: it starts thinking again after the restore.
        reloaded = true;
        await page.reload();
        await page.waitForSelector('body.is-ready');
        check((await page.inputValue('#opponent')) === 'computer', 'opponent restored');
        check((await page.inputValue('#level')) === '1', 'level restored');
        check((await page.inputValue('#side')) === 'white', 'side restored');
      }
    }
    plies = (await game()).ply;
    await page.waitForSelector('dialog#result[open]');
    const r = await text('dialog#result');
    // Against the computer the dialog speaks to the player.
    check(/^(You win|You lose|Draw)$/.test(await text('#result-title')), `result title: ${r}`);
    check(/you|the computer|^By /i.test(await text('#result-reason')), `result reason: ${r}`);
    check(!/White wins|Black wins/.test(r), `no colour-only result against the computer: ${r}`);
    figures.push(['computer', `full English game v level 1 (${plies} plies; ${r.split('\n')[0]})`, `${((Date.now() - t0) / 1000).toFixed(1)} s`]);
    await shot('game-over');
    await tap('#result-close');
  });

  await step('level 6 thinks in the worker: the page stays responsive', async () => {
    // The computer takes Black before the new game starts, so that it does not open it as White.
    await selectOption('side', 'black');
    await selectOption('level', '6');
    await selectOption('variant', 'international');
    check((await game()).ply === 0, 'a new International game');
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask' });
      // Frames drawn while thinking: the longest gap between two animation frames.
      window.__frames = { max: 0, last: 0, count: 0, on: false };
      const f = (t) => {
        const s = window.__frames;
        if (s.on && s.last) s.max = Math.max(s.max, t - s.last);
        if (s.on) s.count += 1;
        s.last = t;
        requestAnimationFrame(f);
      };
      requestAnimationFrame(f);
    });
    await tap(sq(32));
    await tap(sq(28));
    await page.waitForSelector('body.is-thinking');
    await page.evaluate(() => (window.__frames.on = true));
    const card = await text('.card-black');
    check(/thinking/.test(card), `thinking indicator on the computer's card: ${card}`);
    await shot('thinking');
    // The page answers taps while the computer thinks: flip the board and back.
    const flipMs = await page.evaluate(() => {
      const board = document.getElementById('board');
      const t = performance.now();
      document.getElementById('flip').click();
      const flipped = board.classList.contains('is-flipped') && board.firstElementChild.getBoundingClientRect().top > 0;
      document.getElementById('flip').click();
      board.firstElementChild.getBoundingClientRect(); // forces the layout
      return flipped ? performance.now() - t : -1;
    });
    check(flipMs >= 0, 'flip works while the computer thinks');
    check(await page.evaluate(() => document.body.classList.contains('is-thinking')), 'still thinking after the flips');
    await page.waitForFunction(() => !document.body.classList.contains('is-thinking'), null, { timeout: 20000 });
    await page.evaluate(() => (window.__frames.on = false));
    await playersTurn();
    check((await game()).ply === 2, 'the computer replied');
    check((await page.evaluate(() => window.draughts.controller.game.history()[0])) === '32-28', 'the player opened 32-28');
    const m = await page.evaluate(() => {
      const [think] = performance.getEntriesByName('think').slice(-1);
      const during = window.__longTasks.filter((t) => t.start < think.startTime + think.duration && t.start + t.duration > think.startTime);
      const stats = window.draughts.computer.stats.at(-1);
      return { think: think.duration, during, frames: window.__frames, stats };
    });
    const longest = m.during.reduce((a, t) => Math.max(a, t.duration), 0);
    figures.push(['computer', `level 6 think (International, after 32-28): depth ${m.stats.depth}, ${m.stats.nodes} nodes`, `${m.think.toFixed(0)} ms`]);
    figures.push(['computer', `long tasks (> 50 ms) on the main thread during that think`, m.during.length ? `${m.during.length}, longest ${longest.toFixed(0)} ms` : 'none']);
    figures.push(['computer', `longest gap between frames during that think (${m.frames.count} frames)`, `${m.frames.max.toFixed(0)} ms`]);
    figures.push(['computer', 'two flips of the board during that think (handlers and layout)', `${flipMs.toFixed(1)} ms`]);
    check(m.during.length === 0, `long tasks during the think: ${JSON.stringify(m.during)}`);
  });

  await step('undo and new game cancel a search in progress', async () => {
    const start = await game();
    await tapFirstMove();
    await page.waitForSelector('body.is-thinking');
    await tap('#undo');
    let g = await game();
    check(g.ply === start.ply && g.fen === start.fen, `undo while thinking takes back the move (ply ${g.ply})`);
    check(!(await page.evaluate(() => document.body.classList.contains('is-thinking'))), 'thinking stopped by undo');
    await tapFirstMove();
    await page.waitForSelector('body.is-thinking');
    await tap('#new-game');
    await tap('#confirm-yes');
    check(!(await page.evaluate(() => document.body.classList.contains('is-thinking'))), 'thinking stopped by new game');
    // Longer than level 6 thinks: no move of the cancelled search may land.
    await page.waitForTimeout(3500);
    g = await game();
    check(g.ply === 0 && g.fen === 'W:W31-50:B1-20', `start position after new game: ply ${g.ply}, ${g.fen}`);
    check((await page.locator('#board .piece').count()) === 40, '40 pieces on the board');
    // The fresh worker thinks at once: the computer as White opens the new game.
    await selectOption('side', 'white');
    await page.waitForSelector('body.is-thinking');
    await selectOption('opponent', 'human');
    check(!(await page.evaluate(() => document.body.classList.contains('is-thinking'))), 'switching to two players stops it');
    await page.waitForTimeout(500);
    check((await game()).ply === 0, 'no move after switching to two players');
  });

  await step('redo against the computer replays the move and its reply', async () => {
    await selectOption('opponent', 'computer');
    await selectOption('side', 'black');
    await selectOption('level', '1');
    check((await game()).ply === 0 && !(await page.evaluate(() => document.body.classList.contains('is-thinking'))), 'player to move at the start');
    for (let i = 0; i < 2; i++) {
      await tapFirstMove();
      await playersTurn();
    }
    const before = await game();
    check(before.ply === 4 && before.turn === 'white', `two moves each: ply ${before.ply}`);
    await tap('#undo');
    check((await game()).ply === 2, 'undo takes back the move and its reply');
    await tap('#undo');
    check((await game()).ply === 0, 'and again');
    check(await page.locator('#undo').isDisabled(), 'nothing left to undo');
    await tap('#redo');
    let g = await game();
    check(g.ply === 2 && g.turn === 'white', `redo replays the move and the reply: ply ${g.ply}, ${g.turn} to move`);
    check(!(await page.evaluate(() => document.body.classList.contains('is-thinking'))), 'the computer does not think on the player\'s turn');
    await tap('#redo');
    g = await game();
    check(g.ply === 4 && g.fen === before.fen, `redo again: back to ply ${g.ply}`);
    check(await page.locator('#redo').isDisabled(), 'nothing left to redo');
    // Nothing lands afterwards: it is the player's turn.
    await page.waitForTimeout(500);
    check((await game()).ply === 4, 'no computer move after redo');
    // The computer's opening move alone is not taken back (it would only play again).
    await selectOption('side', 'white');
    await tap('#new-game');
    if (await page.locator('dialog#confirm[open]').count()) await tap('#confirm-yes');
    await playersTurn();
    check((await game()).ply === 1, 'the computer opened');
    check(await page.locator('#undo').isDisabled(), 'undo is off after the computer\'s opening move');
  });

  await step('a variant change while the computer thinks: no move lands, the new start position', async () => {
    await selectOption('side', 'black');
    await selectOption('level', '6');
    await tap('#new-game');
    if (await page.locator('dialog#confirm[open]').count()) await tap('#confirm-yes');
    check((await game()).ply === 0, 'a new International game');
    await tapFirstMove();
    await page.waitForSelector('body.is-thinking');
    const searches = await page.evaluate(() => window.draughts.computer.stats.length);
    // Russian: White (the player) moves first, so the computer has nothing to do afterwards.
    await page.selectOption('#variant', 'russian');
    await page.waitForSelector('dialog#confirm[open]');
    await tap('#confirm-yes');
    check(!(await page.evaluate(() => document.body.classList.contains('is-thinking'))), 'thinking stopped by the variant change');
    await page.waitForTimeout(3500); // longer than level 6 thinks
    const g = await game();
    check(g.ply === 0 && g.fen === 'W:W21-32:B1-12', `Russian start position: ply ${g.ply}, ${g.fen}`);
    check((await page.locator('#board [data-square]').count()) === 32, '8×8 board');
    check((await page.locator('#board .piece').count()) === 24, '24 pieces');
    check((await page.evaluate(() => window.draughts.computer.stats.length)) === searches, 'the cancelled search reported nothing');
    check((await page.inputValue('#variant')) === 'russian', 'the picker shows Russian');
    await selectOption('opponent', 'human');
    await selectOption('variant', 'international');
  });

  await step(`search speed in wasm and natively (International start, depth ${NPS_DEPTH})`, async () => {
    // Best of two runs each, alternating, so that both see the machine in the same state.
    let wasm = null;
    let native = null;
    let nativeError = '';
    for (let i = 0; i < 2; i++) {
      const r = await page.evaluate(([fen, depth]) => window.draughts.computer.analyse(fen, 'international', depth), [NPS_FEN, NPS_DEPTH]);
      check(r.depth === NPS_DEPTH && r.nodes > 0, `analyse: ${JSON.stringify(r)}`);
      if (!wasm || r.nps > wasm.nps) wasm = r;
      if (process.env.NATIVE_COMPARE === '0' || nativeError) continue;
      try {
        const n = await nativeSearch(NPS_DEPTH);
        if (!native || n.nps > native.nps) native = n;
      } catch (e) {
        nativeError = e.message.split('\n')[0];
      }
    }
    const mnps = (x) => `${(x.nps / 1e6).toFixed(2)} M nodes/s`;
    figures.push(['computer', `wasm search, International start, depth ${NPS_DEPTH}: ${wasm.nodes} nodes in ${wasm.ms.toFixed(0)} ms`, mnps(wasm)]);
    if (native) {
      figures.push(['computer', `native search (CLI hub), same: ${native.nodes} nodes in ${native.ms.toFixed(0)} ms`, mnps(native)]);
      const same = native.nodes === wasm.nodes ? 'same search' : `node counts differ: ${native.nodes} v ${wasm.nodes}`;
      figures.push(['computer', `native / wasm speed (target ≤ 2×; ${same})`, `${(native.nps / wasm.nps).toFixed(2)}×`]);
    } else {
      figures.push(['computer', 'native search for comparison', nativeError || 'skipped (NATIVE_COMPARE=0)']);
    }
  });

  await step('no console errors, no request leaves the origin', async () => {
    check(errors.length === 0, `console errors: ${errors.join(' | ')}`);
    check(foreign.length === 0, `foreign requests: ${foreign.join(' ')}`);
  });
}

/**
 * The move a test player picks to end a game soon (run in the page, so it gets the engine): the
 * one after which the opponent's best capture takes the most pieces, then the one that goes
 * furthest towards the opponent. It gives pieces away: the computer takes them (or, in
 * Antidraughts, the player wins by losing them) and every variant reaches its result quickly.
 */
const GIVE_AWAY = (legal, game, engine) => {
  const variant = game.variant();
  const fen = game.fen();
  const white = game.turn() === 'white';
  const row = new Map(game.squares().map((s) => [s.square, s.row]));
  let best = 0;
  let bestScore = -Infinity;
  legal.forEach((m, i) => {
    const g = engine.fromFen(fen, variant);
    g.applyMove(m.full);
    const given = g.legalMoves().reduce((a, r) => Math.max(a, r.captures.length), 0);
    g.free();
    const score = given * 100 + (white ? -row.get(m.to) : row.get(m.to));
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
};

// The variants added after the first four, each played to its result on the phone.
const NEW_VARIANTS = ['frisian', 'frysk', 'antidraughts', 'breakthrough', 'italian', 'spanish', 'portuguese', 'czech', 'pool', 'turkish'];
// Boards whose screenshots are looked at, in each of these viewports.
const SHOT_VARIANTS = ['turkish', 'frisian', 'italian'];
const SHOT_VIEWPORTS = [
  ['390x844', PHONE],
  ['320x568', { ...PHONE, viewport: { width: 320, height: 568 } }],
  ['844x390', { ...PHONE, viewport: { width: 844, height: 390 } }],
  ['desktop', { viewport: { width: 1280, height: 800 } }],
];

/**
 * Every variant on the phone: the picker comes from the engine, the Turkish and turned boards are
 * drawn as the engine places their squares, and each new variant is played by taps against the
 * computer (level 1) to its result dialog. Motion is reduced so the slides do not slow it down.
 */
async function runVariants(browser, base, origin) {
  const ctx = await browser.newContext({ ...PHONE, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  const errors = [];
  const foreign = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith('data:') && !u.startsWith('blob:') && !u.startsWith(origin)) foreign.push(u);
  });
  const tap = (sel) => page.tap(sel);
  const text = (sel) => page.locator(sel).innerText();
  const selectOption = async (id, value) => {
    if (await page.locator('dialog#result[open]').count()) await tap('#result-close');
    await page.selectOption(`#${id}`, value);
    if (await page.locator('dialog#confirm[open]').count()) await tap('#confirm-yes');
  };
  const info = () => page.evaluate(() => window.draughts.engine.variants());
  /** Cells on screen: `[{ square, x, y }]`, rounded centres. */
  const cells = () =>
    page.$$eval('#board [data-square]', (els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { square: +e.dataset.square, label: e.querySelector('.num').textContent, x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2), w: r.width };
      }),
    );

  try {
    await step('the variant picker lists the engine\'s variants, with the summary', async () => {
      await page.goto(base);
      await page.waitForSelector('body.is-ready', { timeout: 15000 });
      const variants = await info();
      const options = await page.$$eval('#variant option', (os) => os.map((o) => [o.value, o.textContent]));
      check(variants.length === 14, `${variants.length} variants from the engine`);
      check(JSON.stringify(options) === JSON.stringify(variants.map((v) => [v.name, v.title])), `options: ${options}`);
      for (const name of ['frisian', 'czech']) {
        await selectOption('variant', name);
        const v = variants.find((x) => x.name === name);
        const shown = [await text('#variant-summary-1'), await text('#variant-summary-2')].join('\n');
        check(shown === v.summary, `${name} summary shown: ${shown}`);
      }
    });

    await step('the Turkish board: 64 playable cells in an 8×8 grid, squares named algebraically', async () => {
      await selectOption('variant', 'turkish');
      await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 64);
      const c = await cells();
      const xs = new Set(c.map((x) => x.x));
      const ys = new Set(c.map((x) => x.y));
      const at = new Set(c.map((x) => `${x.x},${x.y}`));
      check(xs.size === 8 && ys.size === 8 && at.size === 64, `columns ${xs.size}, rows ${ys.size}, cells ${at.size}`);
      check((await page.getAttribute('#board', 'data-size')) === '8', 'data-size 8');
      check((await page.locator('#board .piece.white.man').count()) === 16 && (await page.locator('#board .piece.black.man').count()) === 16, '16 men each');
      const topLeft = c.reduce((a, x) => (x.y < a.y || (x.y === a.y && x.x < a.x) ? x : a));
      check(topLeft.label === 'a8', `top-left cell labelled ${topLeft.label}`);
      const label = await page.locator('#board [data-square="41"]').getAttribute('aria-label');
      check(label === 'a3, white man', `accessible name of a3: ${label}`);
    });

    await step('the Italian board is turned: a1 light, square 1 top-left', async () => {
      await selectOption('variant', 'italian');
      await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 32);
      const c = await cells();
      const board = await page.locator('#board').boundingBox();
      const w = c[0].w;
      const cellAt = (col, row) => c.find((x) => Math.abs(x.x - (board.x + (col + 0.5) * w)) < w / 2 && Math.abs(x.y - (board.y + (row + 0.5) * w)) < w / 2);
      check(!cellAt(0, 7), 'no playable cell at the bottom-left (a1 is light)');
      check(cellAt(0, 0)?.square === 1, `square 1 at the top-left: ${JSON.stringify(cellAt(0, 0))}`);
      check(cellAt(7, 7)?.square === 32, 'square 32 at the bottom-right');
    });

    await selectOption('opponent', 'computer');
    await selectOption('level', '1');
    for (const name of NEW_VARIANTS) {
      await step(`${name}: a game by taps against the computer (level 1) to the result dialog`, async () => {
        const v = (await info()).find((x) => x.name === name);
        const player = v.first; // the player moves first; the computer has the other side
        // The side first, while the last game is over (or not the computer's turn), then the
        // variant: the new game starts with the player to move.
        await selectOption('side', player === 'white' ? 'black' : 'white');
        await selectOption('variant', name);
        check(await page.evaluate(() => window.draughts.controller.game.ply() === 0), `${name}: a new game`);
        const t0 = Date.now();
        for (;;) {
          await page.waitForFunction(
            () => {
              const c = window.draughts.controller;
              return c.game.status().state !== 'ongoing' || (!c.busy && !c.animating && !c.isComputer(c.game.turn()));
            },
            null,
            { timeout: 30000 },
          );
          const ply = await page.evaluate(() => (window.draughts.controller.isOngoing() ? window.draughts.controller.game.ply() : -1));
          if (ply < 0) break;
          check(Date.now() - t0 < 60000 && ply < 400, `${name}: game still going after ${ply} plies`);
          await tapMove(page, GIVE_AWAY);
        }
        await page.waitForSelector('dialog#result[open]');
        const st = await page.evaluate((p) => {
          const g = window.draughts.controller.game;
          const computer = p === 'white' ? 'black' : 'white';
          return {
            ...g.status(p),
            ply: g.ply(),
            computerMoves: g.moveList().filter((x) => x.color === computer).length,
            lastSearch: window.draughts.computer.stats.at(-1)?.variant,
          };
        }, player);
        const title = await text('#result-title');
        const reason = await text('#result-reason');
        check(title === st.title && /^You (win|lose)$|^Draw$/.test(title), `${name}: result title ${title} (engine: ${st.title})`);
        check(reason.toLowerCase() === `${st.detail}.`.toLowerCase(), `${name}: result reason ${reason} (engine: ${st.detail})`);
        check(st.computerMoves > 0 && st.lastSearch === name, `${name}: the computer played (${st.computerMoves} moves)`);
        if (name === 'breakthrough') check(st.reason === 'first-king' && /first king/.test(reason), `breakthrough ends with the first king: ${reason}`);
        if (name === 'antidraughts' && st.reason === 'no-pieces') {
          check(/no pieces left, and that wins/.test(reason), `antidraughts: having no pieces wins: ${reason}`);
        }
        figures.push(['variants', `${v.title} v level 1 (${st.ply} plies; ${title}: ${st.detail})`, `${((Date.now() - t0) / 1000).toFixed(1)} s`]);
        if (name === 'turkish') await page.screenshot({ path: join(SHOTS, 'variants-turkish-game-over.png') });
      });
    }

    await step('a saved Turkish game and an imported Italian PDN come back as themselves', async () => {
      await selectOption('opponent', 'human');
      await selectOption('variant', 'turkish');
      await tapMove(page, () => 0);
      const before = await page.evaluate(() => window.draughts.controller.game.fen());
      await page.reload();
      await page.waitForSelector('body.is-ready');
      check((await page.inputValue('#variant')) === 'turkish', 'the picker shows Turkish after reload');
      check((await page.evaluate(() => window.draughts.controller.game.fen())) === before, 'same Turkish position after reload');
      check((await page.locator('#board [data-square]').count()) === 64, '64 cells after reload');
      // Italian PDN (GameType 22) imported while Turkish is selected.
      await tap('#import-pdn');
      await page.fill('#import-text', '[GameType "22"]\n1. 21-17 10-14 *');
      await tap('#import-load');
      await page.waitForFunction(() => window.draughts.controller.game.variant() === 'italian');
      check((await page.inputValue('#variant')) === 'italian', 'the picker follows the imported game');
      check((await page.evaluate(() => window.draughts.controller.game.ply())) === 2, 'two moves imported');
    });

    await step('no console errors, no request leaves the origin', async () => {
      check(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      check(foreign.length === 0, `foreign requests: ${foreign.join(' ')}`);
    });
  } finally {
    await ctx.close();
  }

  await step(`screenshots of the ${SHOT_VARIANTS.join(', ')} boards in ${SHOT_VIEWPORTS.length} viewports`, async () => {
    for (const [size, opts] of SHOT_VIEWPORTS) {
      const c = await browser.newContext(opts);
      try {
        const p = await c.newPage();
        await p.goto(base);
        await p.waitForSelector('body.is-ready', { timeout: 15000 });
        for (const name of SHOT_VARIANTS) {
          await p.selectOption('#variant', name);
          if (await p.locator('dialog#confirm[open]').count()) await p.click('#confirm-yes');
          await p.waitForFunction((name) => window.draughts.controller.game.variant() === name, name);
          const board = await p.locator('#board').boundingBox();
          const vp = opts.viewport;
          check(board.x >= 0 && board.x + board.width <= vp.width + 1, `${name} ${size}: the board fits the width`);
          await p.screenshot({ path: join(SHOTS, `board-${name}-${size}.png`) });
        }
      } finally {
        await c.close();
      }
    }
  });
}

/**
 * Plays a legal move by tapping its squares, as a player would: `choose(legal, game)` (run in the
 * page) picks the index of the move among the engine's legal moves. Resolves with the move.
 */
async function tapMove(page, choose) {
  const sq = (n) => `#board [data-square="${n}"]`;
  const { m, ply } = await page.evaluate((src) => {
    const c = window.draughts.controller;
    const pick = new Function(`return (${src})`)();
    return { m: c.legal[pick(c.legal, c.game, window.draughts.engine)], ply: c.game.ply() };
  }, choose.toString());
  const plies = () => page.evaluate(() => window.draughts.controller.game.ply());
  await page.tap(sq(m.from));
  await page.tap(sq(m.to));
  // Several capture paths to the same square: tap the landing squares until only ours is left.
  const playedOrAsked = () =>
    page.waitForFunction(
      (ply) => window.draughts.controller.game.ply() !== ply || document.querySelector('#board .is-waypoint'),
      ply,
      { timeout: 5000 },
    );
  await playedOrAsked();
  while ((await plies()) === ply) {
    const k = await page.evaluate(() => window.draughts.controller.prefix.length);
    await page.tap(sq(m.path[k]));
    await playedOrAsked();
  }
  return m;
}

/**
 * The same fixed-depth search natively, through the CLI's Hub protocol engine (release build):
 * `{ nodes, ms, nps }` from its last `info` line.
 */
async function nativeSearch(depth) {
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'draughts'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  const target = process.env.CARGO_TARGET_DIR ? resolve(ROOT, process.env.CARGO_TARGET_DIR) : join(ROOT, 'target');
  const hub = spawn(join(target, 'release/draughts'), ['hub'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const done = new Promise((ok, fail) => {
    const timer = setTimeout(() => {
      hub.kill();
      fail(new Error('the native search took over 60 s'));
    }, 60000);
    hub.stdout.on('data', (d) => {
      out += d;
      if (/^done /m.test(out)) {
        clearTimeout(timer);
        hub.stdin.end('quit\n');
        ok();
      }
    });
    hub.on('error', fail);
  });
  hub.stdin.write(`hub\nset-param name=tt-size value=16\ninit\nlevel depth=${depth}\ngo think\n`);
  await done;
  const infos = [...out.matchAll(/^info depth=(\d+) .*?nodes=(\d+) time=([\d.]+)/gm)];
  const last = infos.at(-1);
  if (!last || Number(last[1]) !== depth) throw new Error(`no depth-${depth} info from the hub: ${out.slice(-200)}`);
  const nodes = Number(last[2]);
  const ms = Number(last[3]) * 1000;
  return { nodes, ms, nps: (nodes * 1000) / ms };
}

async function ctxOffline(page, offline) {
  await page.context().setOffline(offline);
}

/** Sets up a position through the import dialog's paste-FEN path (International). */
async function setFen(page, press, fen) {
  if ((await page.inputValue('#variant')) !== 'international') {
    await page.selectOption('#variant', 'international');
    if (await page.locator('dialog#confirm[open]').count()) await press('#confirm-yes');
  }
  await press('#import-pdn');
  await page.fill('#import-text', fen);
  await press('#import-load');
  await page.waitForFunction((fen) => window.draughts.controller.game.fen() === fen || !document.querySelector('#import-dialog[open]'), fen);
}

/** Drags the piece on `from` to `to`: mouse on desktop, a touch on the phone (through CDP). */
async function dragSquare(page, phone, from, to) {
  const box = async (n) => {
    const b = await page.locator(`#board [data-square="${n}"]`).boundingBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const a = await box(from);
  const b = await box(to);
  if (!phone) {
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 8, a.y + ((b.y - a.y) * i) / 8);
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, p) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y, id: 1 }],
    });
  await touch('touchStart', a);
  for (let i = 1; i <= 8; i++) {
    await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / 8, y: a.y + ((b.y - a.y) * i) / 8 });
  }
  await touch('touchEnd', b);
  await cdp.detach();
}

function report(loaded, origin) {
  console.log('\nMeasured:');
  const files = [];
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  if (existsSync(DIST)) walk(DIST);
  const rel = (p) => relative(DIST, p).split('\\').join('/');
  const loadedRel = new Set(
    [...loaded].map((u) => {
      const path = new URL(u, origin).pathname.slice(PREFIX.length);
      return path === '' ? 'index.html' : path;
    }),
  );
  let all = 0;
  let firstVisit = 0;
  let wasm = 0;
  for (const f of files) {
    const size = gz(f);
    all += size;
    if (loadedRel.has(rel(f))) firstVisit += size;
    if (f.endsWith('.wasm')) wasm += size;
  }
  const rows = [
    ['size', 'wasm gzipped (target ≤ 100 KB)', kb(wasm)],
    ['size', `page load, gzipped (${loadedRel.size} files the page requests; target ≤ 150 KB)`, kb(firstVisit)],
    ['size', `all of dist/, gzipped (${files.length} files)`, kb(all)],
    ...figures,
  ];
  for (const [k, what, v] of rows) console.log(`  ${k.padEnd(8)} ${what.padEnd(74)} ${v}`);
}

await main();
