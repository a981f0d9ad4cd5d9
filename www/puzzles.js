// Puzzles (loaded when button#puzzles is first pressed): positions where one move wins, from the
// variant's shipped set (crates/engine/puzzles/<variant>.txt, fetched once per variant by the URL
// of its <link rel="x-draughts-puzzles">), and the player's own mistakes found by a review
// (analysis.js keeps them).
//
// Everything a puzzle knows comes from the study module (crates/web-study, loaded here on first
// use): which puzzle comes next for the player's rating, whether a move is right, the defender's
// reply, the hint, the rating after a try (Glicko-2) and the words. The position is a game of its
// own on the page's module, never the game in progress, on a trainer's board (trainer-board.js:
// the taps, the route of a capture, the marks, the message line): while the trainer is open it
// takes the board from the controller (its `lesson` hook, as the lessons do) and gives it back as
// it was.
//
// A try counts once, at its first wrong move or hint (lost) or when solved (won): the rating
// moves then, a retry does not move it again. The record is read from localStorage at each use and written
// straight back, so two tabs training at once add to one record; the other tab's figures follow
// by the storage event. The set's puzzles solved are left for last; the
// ones missed can be tried again from "Retry misses".
//
//   section#puzzle[data-state][data-mode][data-theme][data-id]   the trainer's panel; data-state is
//                                      loading (a set being read), playing, solved or empty
//   localStorage 'draughts.puzzles'   { variant: { rating, deviation, volatility, streak, best,
//                                      solved: [id], missed: [id] } }

import * as engine from './engine.js';
import { wasmModule } from './lazy-wasm.js';
import { errorText, say, variantTitle } from './i18n.js';
import { keepMistakes, mistakeLines, MISTAKES_KEY } from './analysis.js';
import { TrainerBoard } from './trainer-board.js';
import { openTrainer, TrainerPanel } from './trainer-panel.js';

const KEY = 'draughts.puzzles';
/** How long the defender's reply waits, so that the player sees the move made first (ms). */
const REPLY_DELAY = 350;
/** The most ids a record keeps per list (a few sets' worth). */
const MAX_IDS = 2000;

const NEWCOMER = { rating: 1500, deviation: 350, volatility: 0.06, streak: 0, best: 0, solved: [], missed: [] };

function records() {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) || '{}');
    return all && typeof all === 'object' && !Array.isArray(all) ? all : {};
  } catch {
    return {};
  }
}

/** The player's record in `variant` (a newcomer's where none or damaged). */
function recordOf(variant) {
  const r = records()[variant];
  if (!r || typeof r !== 'object') return structuredClone(NEWCOMER);
  const num = (v, d) => (Number.isFinite(v) ? v : d);
  const ids = (v) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
  return {
    rating: num(r.rating, NEWCOMER.rating),
    deviation: num(r.deviation, NEWCOMER.deviation),
    volatility: num(r.volatility, NEWCOMER.volatility),
    streak: num(r.streak, 0),
    best: num(r.best, 0),
    solved: ids(r.solved),
    missed: ids(r.missed),
  };
}

function keepRecord(variant, record) {
  const all = records();
  all[variant] = { ...record, solved: record.solved.slice(-MAX_IDS), missed: record.missed.slice(-MAX_IDS) };
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* private mode: the record lives as long as the page */
  }
}

/** The URL of `variant`'s puzzle set, from the page's links, or null without one. */
function setUrl(variant) {
  const link = [...document.querySelectorAll('link[rel="x-draughts-puzzles"]')].find((l) => l.title === variant);
  return link ? link.href : null;
}

const STYLE = `
.is-puzzling .panel > :not(#puzzle) { display: none; }
.is-puzzling .card, .is-puzzling .card .to-move { visibility: hidden; }
.puzzle { display: flex; flex-direction: column; gap: 0.45rem; }
.puzzle h2 { margin: 0; font-size: 1.1rem; }
.puzzle p { margin: 0; }
.puzzle .puzzle-stats, .puzzle .puzzle-about { color: var(--muted, #666); font-size: 0.9rem; }
.puzzle .puzzle-task { font-weight: 600; }
.puzzle .puzzle-said:empty { display: none; }
.puzzle .puzzle-said[data-right="true"] { color: var(--ok, #176a2c); }
.puzzle .puzzle-said[data-right="false"] { color: var(--error, #a4161a); }
.puzzle .puzzle-delta[data-sign="+"] { color: var(--ok, #176a2c); }
.puzzle .puzzle-delta[data-sign="-"] { color: var(--error, #a4161a); }
.puzzle-buttons { display: flex; flex-wrap: wrap; gap: 0.4rem; }
.puzzle label { display: flex; gap: 0.4rem; align-items: center; }
`;

class Puzzles extends TrainerPanel {
  constructor({ controller, panels, study }) {
    super({ controller, panels, id: 'puzzle', held: 'is-puzzling', style: STYLE, button: 'puzzles' });
    this.study = study;
    this.sets = new Map(); // variant → Promise of the set's text (null: none shipped)
    this.trainer = null; // the study module's PuzzleTrainer of the mode shown
    this.variant = null;
    this.mode = 'set'; // 'set', 'misses' or 'mistakes'
    this.index = null; // the puzzle tried, in the trainer's set
    this.shown = null; // what start() said of it
    this.counted = false; // whether this puzzle's try has counted (the rating moved)
    this.stale = false; // whether the trainer's list of mistakes is older than the one kept
    this.hints = 0;
    this.el.innerHTML = `<h2 id="puzzle-title"></h2>
      <label><span class="puzzle-variant-label"></span><select id="puzzle-variant"></select></label>
      <p class="puzzle-stats"><span class="puzzle-rating"></span> <span class="puzzle-delta"></span> · <span class="puzzle-streak"></span></p>
      <p class="puzzle-count puzzle-stats"></p>
      <p class="puzzle-task"></p><p class="puzzle-about"></p><p class="puzzle-said" role="status"></p>
      <div class="puzzle-buttons">
        <button type="button" id="puzzle-hint"></button>
        <button type="button" id="puzzle-retry" hidden></button>
        <button type="button" id="puzzle-next" class="primary"></button>
      </div>
      <div class="puzzle-buttons">
        <button type="button" id="puzzle-misses"></button>
        <button type="button" id="puzzle-mistakes"></button>
        <button type="button" id="puzzle-leave"></button>
      </div>`;
    this.board = new TrainerBoard({
      view: controller.view,
      idle: () => this.c.snap,
      said: () => this.q('.puzzle-said'),
      accepts: () => this.el.dataset.state === 'playing',
      onMove: (move) => this.play(move),
    });
    this.el.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (!b || this.board.busy) return;
      if (b.id === 'puzzle-hint') this.hint();
      else if (b.id === 'puzzle-retry') this.begin(this.index);
      else if (b.id === 'puzzle-next') this.next();
      else if (b.id === 'puzzle-misses') this.switchMode(this.mode === 'misses' ? 'set' : 'misses');
      else if (b.id === 'puzzle-mistakes') this.switchMode(this.mode === 'mistakes' ? 'set' : 'mistakes');
      else if (b.id === 'puzzle-leave') this.close();
    });
    this.q('#puzzle-variant').addEventListener('change', (e) => this.load(e.target.value));
    // Another tab's try or review: the record and the mistakes are read afresh at each use, so
    // nothing is overwritten; only what is shown here is behind, and is shown again.
    addEventListener('storage', (e) => {
      if (!this.active || (e.key !== null && e.key !== KEY && e.key !== MISTAKES_KEY)) return;
      if (e.key !== KEY && this.mode === 'mistakes') this.stale = true;
      this.showStats();
    });
  }

  q(sel) {
    return this.el.querySelector(sel);
  }

  /** Opens the trainer in the game's variant. */
  async open() {
    this.hold();
    this.relabel();
    this.panels.announce(this.word('puzzle.title'));
    await this.load(this.c.snap.variant);
  }

  /** The trainer's words in the page's language (again when it changes). */
  relabel() {
    const select = this.q('#puzzle-variant');
    const chosen = select.value;
    select.replaceChildren(
      ...engine.variants().map((v) => {
        const o = document.createElement('option');
        o.value = v.name;
        o.textContent = variantTitle(engine.variantInfo(v.name));
        return o;
      }),
    );
    this.q('.puzzle-variant-label').textContent = this.word('puzzle.variant');
    this.q('h2').textContent = this.word('puzzle.title');
    this.q('#puzzle-hint').textContent = this.word('puzzle.hint');
    this.q('#puzzle-retry').textContent = this.word('puzzle.retry');
    this.q('#puzzle-next').textContent = this.word('puzzle.next');
    this.q('#puzzle-leave').textContent = this.word('puzzle.leave');
    if (chosen) select.value = chosen;
    if (this.shown && ['playing', 'solved'].includes(this.el.dataset.state)) {
      this.describe();
      this.q('.puzzle-said').textContent = '';
    }
    if (this.variant) this.showStats();
  }

  /** What the puzzle shown asks, and what it is. */
  describe() {
    const s = this.shown;
    this.q('.puzzle-task').textContent = this.word(s.theme === 'mistake' ? 'puzzle.task.mistake' : `puzzle.task.${s.player}`);
    const detail = s.theme === 'mistake' ? this.word(`puzzle.side.${s.player}`) : this.word('puzzle.rated', { k: s.difficulty });
    this.q('.puzzle-about').textContent = `${this.themeText(s.theme)} · ${detail}`;
  }

  /** The text of `variant`'s shipped set, fetched once (null: none shipped). */
  setText(variant) {
    if (!this.sets.has(variant)) {
      const url = setUrl(variant);
      const text = url
        ? fetch(url).then((r) => {
            if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
            return r.text();
          })
        : Promise.resolve(null);
      text.catch(() => this.sets.delete(variant)); // tried again next time
      this.sets.set(variant, text);
    }
    return this.sets.get(variant);
  }

  /** Switches to `variant`: its board, its record, its next puzzle. */
  async load(variant) {
    this.variant = variant;
    this.q('#puzzle-variant').value = variant;
    this.panels.showTitle(variant);
    this.board.build(variant);
    this.mode = 'set';
    await this.switchMode('set');
  }

  /** Shows the puzzles of `mode`: the shipped set, its misses, or the player's own mistakes. */
  async switchMode(mode) {
    const variant = this.variant;
    this.drop();
    this.trainer?.free();
    this.trainer = null;
    this.mode = mode;
    this.el.dataset.mode = mode;
    // Until the set is read, the last variant's puzzle is gone: no task, no taps, no buttons.
    this.el.dataset.state = 'loading';
    delete this.el.dataset.id;
    delete this.el.dataset.theme;
    this.q('.puzzle-task').textContent = '';
    this.q('.puzzle-about').textContent = '';
    for (const b of ['#puzzle-hint', '#puzzle-retry', '#puzzle-next']) this.q(b).hidden = true;
    try {
      const text = mode === 'mistakes' ? mistakeLines(variant).join('\n') : await this.setText(variant);
      // Another variant was picked meanwhile, or the trainer closed: this set is not wanted.
      if (variant !== this.variant || mode !== this.mode || !this.active) return;
      if (text == null) {
        this.empty(this.word('puzzle.none', { variant }));
        return;
      }
      try {
        this.trainer = new this.study.PuzzleTrainer(variant, text);
      } catch (err) {
        // A damaged list of mistakes is dropped (and said); a damaged shipped set is an error.
        if (mode !== 'mistakes') throw err;
        keepMistakes(variant, []);
        this.panels.message(errorText(err), 'error');
        this.empty(this.word('puzzle.no-mistakes', { variant }));
        return;
      }
    } catch (err) {
      this.empty(errorText(err));
      return;
    }
    if (!this.trainer.count()) {
      this.empty(this.word(mode === 'mistakes' ? 'puzzle.no-mistakes' : 'puzzle.none', { variant }));
      return;
    }
    this.next();
  }

  /** Nothing to try: `text` says why. */
  empty(text) {
    this.drop();
    this.index = null;
    this.el.dataset.state = 'empty';
    delete this.el.dataset.theme;
    this.q('.puzzle-task').textContent = text;
    this.q('.puzzle-about').textContent = '';
    this.board.say('', null);
    this.showStats();
    this.q('#puzzle-hint').hidden = true;
    this.q('#puzzle-retry').hidden = true;
    this.q('#puzzle-next').hidden = this.mode === 'set';
    this.q('#puzzle-next').textContent = this.word('puzzle.next');
    // The variant's start on the board, nothing to play.
    this.board.set(this.variant);
    this.board.draw();
  }

  /** The next puzzle of the mode shown. */
  next() {
    if (!this.trainer || this.stale) {
      // No set yet, or a mistake found has left the list: read it again.
      const mode = this.trainer ? this.mode : 'set';
      this.stale = false;
      this.switchMode(mode);
      return;
    }
    const record = recordOf(this.variant);
    let index;
    if (this.mode === 'set') {
      const seed = (Math.random() * 2 ** 32) >>> 0;
      index = this.trainer.next(record.rating, record.solved, seed);
    } else {
      // Misses and mistakes in order, the one just tried moved to the end.
      const ids = this.trainer.ids();
      const order = this.mode === 'misses' ? record.missed.map((id) => ids.indexOf(id)).filter((i) => i >= 0) : ids.map((_, i) => i);
      if (!order.length) {
        this.switchMode('set');
        return;
      }
      index = order.find((i) => i !== this.index) ?? order[0];
    }
    this.begin(index);
  }

  /** Starts a try at puzzle `index` (again, for a retry: it does not count twice). */
  begin(index) {
    const again = index === this.index && this.counted;
    this.drop();
    this.index = index;
    this.shown = this.trainer.start(index);
    this.counted = again || this.mode !== 'set' || recordOf(this.variant).solved.includes(this.shown.id);
    this.hints = 0;
    this.board.set(this.variant, this.shown.fen);
    this.c.view.setFlipped(this.shown.player === 'black');
    const s = this.shown;
    this.el.dataset.state = 'playing';
    this.el.dataset.theme = s.theme;
    this.el.dataset.id = s.id;
    this.board.say('', null);
    this.describe();
    this.q('.puzzle-delta').textContent = '';
    this.q('#puzzle-hint').hidden = false;
    this.q('#puzzle-retry').hidden = true;
    this.q('#puzzle-next').hidden = false;
    this.q('#puzzle-next').textContent = this.word('puzzle.next');
    this.showStats();
    this.board.draw();
    this.panels.announce(`${this.q('.puzzle-task').textContent} ${this.q('.puzzle-about').textContent}`);
  }

  themeText(theme) {
    const shot = /^shot(\d+)$/.exec(theme);
    if (shot) return this.word('puzzle.theme.shot', { n: Number(shot[1]) });
    return this.word(`puzzle.theme.${theme}`);
  }

  showStats() {
    const r = recordOf(this.variant);
    this.q('.puzzle-rating').textContent = this.word('puzzle.rating', { k: Math.round(r.rating) });
    this.q('.puzzle-streak').textContent = this.word('puzzle.streak', { k: r.streak, n: r.best });
    const total = this.mode === 'set' && this.trainer ? this.trainer.count() : 0;
    const ids = total ? new Set(this.trainer.ids()) : null;
    this.q('.puzzle-count').textContent = total ? this.word('puzzle.count', { k: r.solved.filter((id) => ids.has(id)).length, n: total }) : '';
    const misses = this.q('#puzzle-misses');
    misses.textContent = this.word('puzzle.misses', { k: r.missed.length });
    misses.hidden = !r.missed.length && this.mode !== 'misses';
    misses.setAttribute('aria-pressed', String(this.mode === 'misses'));
    const mistakes = this.q('#puzzle-mistakes');
    mistakes.textContent = this.word('puzzle.mistakes', { k: mistakeLines(this.variant).length });
    mistakes.setAttribute('aria-pressed', String(this.mode === 'mistakes'));
  }

  /** The try counts: the rating moves (a shipped puzzle's first try only), the record is kept. */
  count(won) {
    if (this.counted) return;
    this.counted = true;
    const r = recordOf(this.variant);
    const before = r.rating;
    Object.assign(r, this.trainer.rate(r.rating, r.deviation, r.volatility, won));
    r.streak = won ? r.streak + 1 : 0;
    r.best = Math.max(r.best, r.streak);
    if (!won && !r.missed.includes(this.shown.id)) r.missed.push(this.shown.id);
    keepRecord(this.variant, r);
    const delta = Math.round(r.rating) - Math.round(before);
    const d = this.q('.puzzle-delta');
    d.textContent = delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0';
    d.dataset.sign = delta > 0 ? '+' : delta < 0 ? '-' : '';
    this.showStats();
  }

  /** Solved: kept as solved, out of the misses (and of the mistakes, when found without help). */
  solved(missed) {
    const r = recordOf(this.variant);
    if (!r.solved.includes(this.shown.id)) r.solved.push(this.shown.id);
    if (!missed) r.missed = r.missed.filter((id) => id !== this.shown.id);
    keepRecord(this.variant, r);
    if (this.mode === 'mistakes' && !missed) {
      this.stale = true;
      const fen = this.shown.fen;
      keepMistakes(
        this.variant,
        mistakeLines(this.variant).filter((l) => l.split('\t')[1] !== fen),
      );
    }
    this.showStats();
  }

  /** Back to the game, as it was. */
  close() {
    this.drop();
    this.trainer?.free();
    this.trainer = null;
    this.index = null;
    this.release();
  }

  /** A move made: the study module says whether it is right; a right one is played, then the reply. */
  async play(move) {
    const board = this.board;
    board.arrow = null;
    const r = this.trainer.play(move.index);
    if (r.outcome !== 'right') {
      if (r.outcome === 'wrong') {
        this.count(false);
        board.say(this.word('puzzle.wrong'), false);
        this.q('#puzzle-retry').hidden = false;
      }
      this.board.draw();
      return;
    }
    board.busy = true;
    this.board.draw();
    try {
      await board.show(move);
      this.board.draw();
      if (r.reply != null) {
        await new Promise((ok) => setTimeout(ok, REPLY_DELAY));
        if (!board.handle) return; // closed meanwhile
        await board.show(board.snap.legal[r.reply]);
      }
    } finally {
      board.busy = false;
    }
    if (r.solved) {
      this.count(!r.missed);
      this.solved(r.missed);
      this.el.dataset.state = 'solved';
      board.say(this.word('puzzle.solved'), true);
      this.q('#puzzle-hint').hidden = true;
      this.q('#puzzle-retry').hidden = false;
      this.q('#puzzle-next').focus();
    } else {
      board.say(this.word('puzzle.right', { k: r.found, n: this.shown.toFind }), true);
    }
    this.board.draw();
  }

  /** The first hint marks the piece to move, the second shows the move; either loses the try. */
  hint() {
    if (this.el.dataset.state !== 'playing' || !this.trainer) return;
    const index = this.trainer.hint();
    const m = index == null ? null : this.board.snap.legal[index];
    if (!m) return;
    this.count(false);
    this.hints += 1;
    if (this.hints === 1) {
      this.board.clearSelection();
      this.board.selected = m.from;
      this.board.say(this.word('puzzle.hint.piece'), null);
    } else {
      this.board.arrow = [m.from, ...m.path];
      this.board.say(this.word('puzzle.hint.move'), null);
    }
    this.board.draw();
  }
}

let puzzles = null;
/** Opens the puzzles (button#puzzles): the study module is loaded on first use. */
export const openPuzzles = (page) =>
  openTrainer(page, 'puzzles', async () => (puzzles ||= new Puzzles({ ...page, study: await wasmModule('study') })));
