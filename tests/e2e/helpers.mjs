// Page helpers shared by every spec: the square locator, text(), fen(), taps or clicks, setting up
// a position, dragging, playing a move by taps, screenshots and measured figures.
//
// Most checks read the DOM (ids, data-square, classes, dialogs). What only the page's JavaScript
// knows is read through window.draughts (controller, engine, computer) in the "page internals"
// section below and nowhere else, so that a change of that API means editing this file only.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/** Chromium waits this long for the first render of a fresh page. */
export const READY_TIMEOUT = 15_000;

/** A figure measured by a test: printed in the "Measured:" table at the end of the run. */
export function measured(kind, what, value) {
  test.info().annotations.push({ type: 'measured', description: JSON.stringify([kind, what, value]) });
}

/** The page under test, as a player sees it: taps on touch viewports, clicks elsewhere. */
export class App {
  constructor(page, { touch, project, outputDir }) {
    this.page = page;
    this.touch = touch;
    this.project = project;
    this.outputDir = outputDir;
  }

  // ----- the DOM -----

  /** CSS selector of square `n` (official number) on the board. */
  sel(n) {
    return `#board [data-square="${n}"]`;
  }

  /** Locator of square `n`. */
  sq(n) {
    return this.page.locator(this.sel(n));
  }

  /** The rendered text of `sel` (innerText). */
  text(sel) {
    return this.page.locator(sel).innerText();
  }

  /** Taps (touch viewports) or clicks (desktop) a selector or a locator. */
  press(target) {
    const loc = typeof target === 'string' ? this.page.locator(target) : target;
    return this.touch ? loc.tap() : loc.click();
  }

  /** Opens the site (under its sub-path) and waits for the board. */
  async open() {
    await this.page.goto('./');
    await this.ready(READY_TIMEOUT);
  }

  async reload() {
    await this.page.reload();
    await this.ready();
  }

  ready(timeout) {
    return this.page.waitForSelector('body.is-ready', timeout ? { timeout } : undefined);
  }

  /** Numbers of the squares carrying `cls`, sorted. */
  squaresWith(cls) {
    return this.page.$$eval(`#board .${cls}`, (els) => els.map((e) => +e.dataset.square).sort((a, b) => a - b));
  }

  /** Waits until the black (or white) piece counter reads `n`. */
  count(color, n) {
    return expect(this.page.locator(`#count-${color}`)).toHaveText(String(n));
  }

  /** Whether `body` has `cls` (is-thinking, is-over, ...). */
  bodyHas(cls) {
    return this.page.evaluate((c) => document.body.classList.contains(c), cls);
  }

  /** Plays `[from, to]` moves by pressing the squares, each waiting for the last-move marks. */
  async play(moves) {
    for (const [from, to] of moves) {
      await this.press(this.sq(from));
      await expect(this.sq(to)).toHaveClass(/\bis-dest\b/);
      await this.press(this.sq(to));
      await expect(this.sq(from)).toHaveClass(/\bis-last-move\b/);
      await expect(this.sq(to)).toHaveClass(/\bis-last-move\b/);
    }
  }

  /** Opens the new-game sheet (button#open-new-game in the masthead). */
  async openNewGame() {
    if (await this.page.locator('dialog#result[open]').count()) await this.press('#result-close');
    await this.press('#open-new-game');
    await expect(this.page.locator('dialog#new-game[open]')).toHaveCount(1);
  }

  /**
   * Starts a new game from the sheet: `{ variant, opponent, level, side, clock, start, fen }`
   * (what is not given stays as the sheet remembers it; `fen` starts from that position).
   */
  async newGame({ fen, start = fen ? 'fen' : undefined, ...picks } = {}) {
    await this.openNewGame();
    for (const id of ['variant', 'opponent', 'level', 'side', 'clock', 'start-from']) {
      const value = id === 'start-from' ? start : picks[id];
      if (value != null) await this.page.selectOption(`#${id}`, String(value));
    }
    if (fen != null) await this.page.fill('#start-fen', fen);
    await this.press('#new-game-start');
    await expect(this.page.locator('dialog#new-game[open]')).toHaveCount(0);
  }

  /** A new game with one choice changed in the sheet (select#id set to `value`). */
  selectOption(id, value) {
    return this.newGame({ [id]: value });
  }

  /** Opens the import dialog (the new-game sheet's "Open a PDN game…"), `variant` picked first. */
  async openImport(variant) {
    await this.openNewGame();
    if (variant) await this.page.selectOption('#variant', variant);
    await this.press('#import-pdn');
    await expect(this.page.locator('dialog#import-dialog[open]')).toHaveCount(1);
  }

  /** Opens the export dialog (button#export-pdn, loaded when first used) and returns its PDN. */
  async openExport() {
    await this.press('#export-pdn');
    await expect(this.page.locator('dialog#export-dialog[open]')).toHaveCount(1);
    return this.page.locator('#export-text').inputValue();
  }

  /** Opens the game library (button#games) and waits for its rows. */
  async openLibrary() {
    await this.press('#games');
    await expect(this.page.locator('dialog#library[open]')).toHaveCount(1);
    await this.page.waitForFunction(() => window.draughts.storage.settled());
  }

  /** The library's rows in view: `[{ id, title, sub }]`. */
  libraryRows() {
    return this.page.$$eval('#library-list [data-game-id]', (els) =>
      els
        .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
        .map((e) => ({ id: e.dataset.gameId, title: e.querySelector('.library-title').textContent, sub: e.querySelector('.library-sub').textContent, current: e.classList.contains('is-current') })),
    );
  }

  /**
   * Opens a game of the library, row `i` (0: the game played last) or the one whose id is `i`,
   * and waits for the dialog to close.
   */
  async openFromLibrary(i) {
    await this.openLibrary();
    const rows = this.page.locator('#library-list [data-game-id]');
    await expect(rows.first()).toBeVisible();
    const id = typeof i === 'string' ? i : (await this.libraryRows())[i].id;
    await this.press(this.page.locator(`#library-list [data-game-id="${id}"] .library-open`));
    await expect(this.page.locator('dialog#library[open]')).toHaveCount(0);
    return id;
  }

  /** Resolves once every save asked for is written to the library. */
  saved() {
    return this.page.evaluate(() => window.draughts.storage.settled());
  }

  /** Opens the settings panel (the gear in the masthead). */
  async openSettings() {
    await this.press('#settings');
    await expect(this.page.locator('dialog#settings-dialog[open]')).toHaveCount(1);
  }

  async closeSettings() {
    await this.press('#settings-close');
    await expect(this.page.locator('dialog#settings-dialog[open]')).toHaveCount(0);
  }

  /** Changes one setting in the panel and closes it: a checkbox is pressed, a select set to
   * `value`. */
  async setting(id, value) {
    await this.openSettings();
    if (value === undefined) await this.press(`#${id}`);
    else await this.page.selectOption(`#${id}`, value);
    await this.closeSettings();
  }

  /** Sets up a position through the import dialog's paste-FEN path (International). */
  async setFen(fen) {
    await this.openImport('international');
    await this.page.fill('#import-text', fen);
    await this.press('#import-load');
    // Loaded when the dialog closes (an error keeps it open with a message).
    await expect(this.page.locator('#import-dialog[open]')).toHaveCount(0);
  }

  /** Drags the piece on `from` to `to`: the mouse on desktop, a touch (through CDP) on phones. */
  async drag(from, to) {
    const page = this.page;
    const centre = async (n) => {
      const b = await this.sq(n).boundingBox();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const a = await centre(from);
    const b = await centre(to);
    const along = (i) => ({ x: a.x + ((b.x - a.x) * i) / 8, y: a.y + ((b.y - a.y) * i) / 8 });
    if (!this.touch) {
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      for (let i = 1; i <= 8; i++) await page.mouse.move(along(i).x, along(i).y);
      await page.mouse.up();
      return;
    }
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, p) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y, id: 1 }] });
    await touch('touchStart', a);
    for (let i = 1; i <= 8; i++) await touch('touchMove', along(i));
    await touch('touchEnd', b);
    await cdp.detach();
  }

  /** Square numbers from the top-left of the board as drawn (row by row). */
  topLeftSquare() {
    return this.page.$eval(
      '#board',
      (b) =>
        [...b.children].sort(
          (x, y) => x.getBoundingClientRect().top - y.getBoundingClientRect().top || x.getBoundingClientRect().left - y.getBoundingClientRect().left,
        )[0].dataset.square,
    );
  }

  /** Whether `sel` is drawn turned round (face to face: facing the player at the top). */
  turned(sel) {
    return this.page.$eval(sel, (e) => getComputedStyle(e).transform.startsWith('matrix(-1'));
  }

  /** A screenshot kept as `screens/<project>-<name>.png` in the output directory (target/e2e/). */
  async shot(name) {
    const dir = join(this.outputDir, 'screens');
    mkdirSync(dir, { recursive: true });
    await this.page.screenshot({ path: join(dir, `${this.project}-${name}.png`) });
  }

  /**
   * Records every showModal() and close() of the result dialog (with the caller) from the next
   * page load on, for waitForResult() to report if the dialog does not show. Call before open().
   */
  async recordResultDialog() {
    await this.page.addInitScript(() => {
      const log = (window.__resultDialog = []);
      const P = HTMLDialogElement.prototype;
      for (const k of ['showModal', 'show', 'close']) {
        const f = P[k];
        P[k] = function (...a) {
          if (this.id === 'result') log.push(`${k} (open: ${this.open}) from ${new Error().stack.split('\n').slice(2, 5).join(' < ')}`);
          return f.apply(this, a);
        };
      }
      addEventListener('DOMContentLoaded', () => {
        const d = document.getElementById('result');
        for (const ev of ['close', 'cancel']) d?.addEventListener(ev, () => log.push(`${ev} event`));
      });
    });
  }

  /**
   * Fake time for the clocks (Playwright's page.clock), frozen once the page is open: the clocks
   * then move only by `page.clock.runFor(ms)`, however fast the machine. Moves apply at once
   * (reduced motion: no slide). Call before open(); call `freeze()` after it.
   */
  async fakeTime() {
    await this.page.clock.install();
    await this.page.emulateMedia({ reducedMotion: 'reduce' });
    // The clocks' events, in order: [type, side].
    await this.page.addInitScript(() => {
      window.__clockEvents = [];
      for (const type of ['draughts:low-time', 'draughts:clock-flag']) {
        document.addEventListener(type, (e) => window.__clockEvents.push([type, e.detail.side]));
      }
    });
  }

  async freeze() {
    const now = await this.page.evaluate(() => Date.now());
    await this.page.clock.pauseAt(now + 1000);
  }

  /** The clocks' events so far: `[['draughts:low-time', 'black'], …]`. */
  clockEvents() {
    return this.page.evaluate(() => window.__clockEvents);
  }

  /** Waits for the result dialog; on a timeout says what happened to it (recordResultDialog()). */
  async waitForResult() {
    try {
      await this.page.waitForSelector('dialog#result[open]');
    } catch (e) {
      const log = await this.page.evaluate(() => window.__resultDialog?.join('\n  ') ?? 'not recorded').catch(() => '?');
      throw new Error(`${e.message.split('\n')[0]}\nthe result dialog's calls:\n  ${log}`);
    }
  }

  // ----- page internals (window.draughts): keep every use here -----

  // The game itself is read from a fresh snapshot of it as it stands (window.draughts.game, the
  // page's game.js), whatever position the page shows.

  /** The game's FEN. */
  fen() {
    return this.page.evaluate(() => window.draughts.game.snapshot().fen);
  }

  /** `{ ply, fen, turn, state, text, variant }` of the current game. */
  game() {
    return this.page.evaluate(() => {
      const s = window.draughts.game.snapshot();
      return { ply: s.ply, fen: s.fen, turn: s.toMove, state: s.status.state, text: s.status.text, variant: s.variant };
    });
  }

  /** The full text of the last move played (`33x17x8x...`). */
  lastMoveFull() {
    return this.page.evaluate(() => window.draughts.game.snapshot().lastMove.full);
  }

  /** The engine's squares of the game's board: `[{ square, row, col, label, number, algebraic,
   * file, rank }]`. */
  squares() {
    return this.page.evaluate(() => window.draughts.game.board().squares);
  }

  /** The moves played, as the game's move list writes them (`['32-28', ...]`). */
  history() {
    return this.page.evaluate(() => window.draughts.game.snapshot().moves.map((m) => m.text));
  }

  /** The legal moves the controller holds: `[{ from, to, path, captures, full, ... }]`. */
  legal() {
    return this.page.evaluate(() => window.draughts.controller.legal);
  }

  /**
   * The lesson's step shown (lessons.js): `{ k, task, legal, answers, rule }`, the answers the
   * indices the study module accepts (asked of the module, not read from the page).
   */
  lessonStep() {
    return this.page.evaluate(() => {
      const l = window.draughts.lessons;
      const step = l.steps[l.k];
      return { k: l.k, task: step.task, legal: l.board.snap.legal, answers: [...l.lesson.answers(l.k)], rule: step.rule };
    });
  }

  /** The engine's variant list: `[{ name, title, first, summary, ... }]`. */
  variants() {
    return this.page.evaluate(() => window.draughts.engine.variants());
  }

  /** The computer's searches so far (`[{ level, variant, depth, nodes, ... }]`), newest last. */
  searches() {
    return this.page.evaluate(() => window.draughts.computer.stats);
  }

  /** Levels 4–6 search from the first move instead of playing from the opening book, as with the
   * book setting off (for the tests of the search: a book move would come at once). */
  noBook() {
    return this.page.evaluate(() => {
      window.draughts.computer.useBook = false;
    });
  }

  /** A fixed-depth search in the computer's worker: `{ move, depth, nodes, nps, ms }`. */
  analyse(fen, variant, depth) {
    return this.page.evaluate(([f, v, d]) => window.draughts.computer.analyse(f, v, d), [fen, variant, depth]);
  }

  /** The result as the engine words it for `player` (`{ title, detail, reason, ... }`), with counts. */
  resultFor(player) {
    return this.page.evaluate((p) => {
      const snap = window.draughts.game.snapshot(p);
      const computer = p === 'white' ? 'black' : 'white';
      const s = snap.status;
      // The engine's words are messages ({ code, params, text }): their English text here.
      for (const k of ['title', 'detail', 'line']) if (s[k] && typeof s[k] === 'object') s[k] = s[k].text;
      return {
        ...s,
        ply: snap.ply,
        computerMoves: snap.moves.filter((x) => x.color === computer).length,
        lastSearch: window.draughts.computer.stats.at(-1)?.variant,
      };
    }, player);
  }

  /** Waits until the player may move (input open, not the computer's turn) or the game is over. */
  playersTurn(timeout = 60_000) {
    return this.page.waitForFunction(
      () => {
        const c = window.draughts.controller;
        const s = window.draughts.game.snapshot();
        return s.status.state !== 'ongoing' || (!c.busy && !c.animating && !c.isComputer(s.toMove));
      },
      null,
      { timeout },
    );
  }

  /** Ends the game from outside the controller's own actions, as a clock's flag does: `side`
   * loses (resigns, in the engine), then the controller is told of the change. */
  endFromOutside(side) {
    return this.page.evaluate((s) => {
      window.draughts.game.resign(s);
      window.draughts.controller.changed();
    }, side);
  }

  /** The side to move loses as the next press on the board ends (pointerup), before the press's
   * click: as when its clock's flag falls, or the computer answers at once, under the finger. */
  endAsTheFingerLifts() {
    return this.page.evaluate(() => {
      document.getElementById('board').addEventListener(
        'pointerup',
        () => {
          const g = window.draughts.game;
          g.resign(g.snapshot().toMove);
          window.draughts.controller.changed();
        },
        { once: true },
      );
    });
  }

  /** The ply count while the game goes on, -1 once it is over. */
  plyIfOngoing() {
    return this.page.evaluate(() => (window.draughts.controller.isOngoing() ? window.draughts.game.snapshot().ply : -1));
  }

  /**
   * Plays a legal move by pressing its squares, as a player would: `choose(legal, game, engine)`
   * (run in the page; a function or its source; `game`: the page's game.js) picks the index of
   * the move among the engine's legal moves. Resolves with the move.
   */
  async tapMove(choose = () => 0) {
    const page = this.page;
    const { m, ply } = await page.evaluate((src) => {
      const c = window.draughts.controller;
      const { game, engine } = window.draughts;
      const pick = new Function(`return (${src})`)();
      return { m: c.legal[pick(c.legal, game, engine)], ply: game.snapshot().ply };
    }, String(choose));
    const plies = () => page.evaluate(() => window.draughts.game.snapshot().ply);
    await this.press(this.sq(m.from));
    await this.press(this.sq(m.to));
    // Several capture paths to the same square: press the landing squares until only ours is left.
    const playedOrAsked = () =>
      page.waitForFunction((p) => window.draughts.game.snapshot().ply !== p || document.querySelector('#board .is-waypoint'), ply, {
        timeout: 15_000,
      });
    await playedOrAsked();
    while ((await plies()) === ply) {
      const k = await page.evaluate(() => window.draughts.controller.prefix.length);
      await this.press(this.sq(m.path[k]));
      await playedOrAsked();
    }
    return m;
  }
}

/**
 * The move a test player picks to end a game soon (run in the page, so it gets the engine): the
 * one after which the opponent's best capture takes the most pieces, then the one that goes
 * furthest towards the opponent. It gives pieces away: the computer takes them (or, in
 * Antidraughts, the player wins by losing them) and every variant reaches its result quickly.
 */
export const GIVE_AWAY = (legal, game, engine) => {
  const { variant, fen, toMove } = game.snapshot();
  const white = toMove === 'white';
  const row = new Map(game.board().squares.map((s) => [s.square, s.row]));
  let best = 0;
  let bestScore = -Infinity;
  legal.forEach((m, i) => {
    const g = engine.fromFen(fen, variant);
    g.applyMove(m.full);
    const given = g.snapshot().legal.reduce((a, r) => Math.max(a, r.captures.length), 0);
    g.free();
    const score = given * 100 + (white ? -row.get(m.to) : row.get(m.to));
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
};

/** The page's long tasks and animation frames, recorded from now on (measurements). */
export function watchMainThread(page) {
  return page.evaluate(() => {
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
}

/**
 * Records the browser's trace (Chrome DevTools Protocol) from now on; `stop()` resolves to the
 * CPU time each task took on the page's main thread and on its dedicated worker, between the
 * page's `from` and `to` performance marks. CPU time, not wall time: on a busy machine a task
 * that waits for a core lasts long but costs little, so the figures say where the work was done,
 * however loaded the machine is. Each task is `{ start, cpu, cpuAtMost, wall, marks }`
 * (microseconds, trace clock; `marks` are the page's performance marks set during the task).
 * Chromium now and then leaves a task's CPU time out (seen once in CI on a loaded machine): its
 * `cpu` is then 0 (a lower bound, for work a thread is shown to do) and `cpuAtMost` its wall
 * time (an upper bound, for work a thread is shown not to do); otherwise both are its CPU time.
 */
export async function traceThreads(page, from, to) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: 'disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  return async () => {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    const mark = (name) => events.find((e) => e.name === name && e.ph === 'I' && e.cat.includes('user_timing'));
    const [start, end] = [mark(from), mark(to)];
    if (!start || !end) throw new Error(`the trace lacks the page's ${from}/${to} marks`);
    const [t0, t1] = [start.ts, end.ts];
    // The page's main thread is where its marks are set; its workers run in the same process.
    const main = `${start.pid}:${start.tid}`;
    const workerIds = events
      .filter((e) => e.name === 'thread_name' && e.pid === start.pid && e.args.name === 'DedicatedWorker thread')
      .map((t) => `${t.pid}:${t.tid}`);
    const marks = events.filter((e) => e.ph === 'I' && e.cat.includes('user_timing'));
    const tasks = (id) =>
      events
        .filter((e) => e.name === 'RunTask' && `${e.pid}:${e.tid}` === id && e.ts < t1 && e.ts + e.dur > t0)
        .map((e) => {
          const during = marks.filter((m) => `${m.pid}:${m.tid}` === id && m.ts >= e.ts && m.ts <= e.ts + e.dur);
          return { start: e.ts, cpu: e.tdur ?? 0, cpuAtMost: e.tdur ?? e.dur, wall: e.dur, marks: during.map((m) => m.name) };
        });
    const cpu = (list) => list.reduce((a, t) => a + t.cpu, 0);
    // The page may run several workers (the computer's, the analysis', a table builder's): the
    // busiest one during the span.
    const workers = workerIds.map(tasks);
    if (!workers.length) throw new Error('the trace shows no worker in the page');
    return { main: tasks(main), worker: workers.reduce((a, w) => (cpu(w) > cpu(a) ? w : a)) };
  };
}

/**
 * Flips the board and back in one task while the computer thinks: ms taken, -1 if no flip. Runs
 * in the page (pass it to thinkingThen()).
 */
export function flipTwice() {
  const board = document.getElementById('board');
  const t = performance.now();
  document.getElementById('flip').click();
  const flipped = board.classList.contains('is-flipped') && board.firstElementChild.getBoundingClientRect().top > 0;
  document.getElementById('flip').click();
  board.firstElementChild.getBoundingClientRect(); // forces the layout
  return flipped ? performance.now() - t : -1;
}

/**
 * Waits until the computer thinks, then at once, in the same task of the page (so the search
 * cannot end in between, however fast the machine), reads the computer's card (`cardSel`), runs
 * `fns` (functions run in the page, in order) and says whether it is still thinking afterwards.
 * Resolves to `{ card, results, stillThinking }`.
 */
export async function thinkingThen(page, cardSel, ...fns) {
  const handle = await page.waitForFunction(
    ([sel, srcs]) => {
      if (!document.body.classList.contains('is-thinking')) return false;
      const card = document.querySelector(sel).innerText;
      const results = srcs.map((src) => new Function(`return (${src})`)()());
      return { card, results, stillThinking: document.body.classList.contains('is-thinking') };
    },
    [cardSel, fns.map((f) => f.toString())],
    { timeout: 60_000 },
  );
  return handle.jsonValue();
}

/** The page as on a device with `n` cores (the computer searches on up to four threads). */
export function cores(page, n) {
  return page.addInitScript((k) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => k }), n);
}

/** The computer's helper workers alive (engine-helper.js, nested in its workers). */
export function helperWorkers(page) {
  return page.workers().filter((w) => w.url().endsWith('/engine-helper.js')).length;
}

/** Whether `move` (a search result's move) is one of the legal moves of the position shown. */
export async function isLegal(app, move) {
  return (await app.legal()).some((m) => m.from === move.from && String(m.path) === String(move.path));
}
