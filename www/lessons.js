// Lessons (loaded when button#learn is first pressed): a short course in a variant's rules, each
// step a position where the player finds the move the rule demands.
//
// Everything a lesson knows comes from the study module (crates/web-study, loaded here on first
// use): its steps (generated from the variant's rules table: crates/views/src/lessons.rs), whether
// a move is the answer, and the words (engine messages, translated by i18n.js). The position is a
// game of its own on the page's module, never the game in progress, on a trainer's board
// (trainer-board.js: the taps, the route of a capture, the marks, the message line, as the
// puzzles have them): while a lesson is open it takes the board from the controller (its `lesson`
// hook, as the board editor does) and gives it back as it was; the game, its clock and its save
// are not touched.
//
//   section#lesson[data-step][data-topic]   the lesson's panel, in place of the game's controls
//   localStorage 'draughts.lessons'          the variants whose lesson the player finished

import * as engine from './engine.js';
import { wasmModule } from './lazy-wasm.js';
import { say, variantTitle } from './i18n.js';
import { TrainerBoard } from './trainer-board.js';
import { openTrainer, TrainerPanel } from './trainer-panel.js';

const DONE_KEY = 'draughts.lessons';

/** The study module, loaded once. */
const study = () => wasmModule('study');

function done() {
  try {
    return new Set(JSON.parse(localStorage.getItem(DONE_KEY) || '[]'));
  } catch {
    return new Set();
  }
}

function markDone(variant) {
  const all = done();
  all.add(variant);
  try {
    localStorage.setItem(DONE_KEY, JSON.stringify([...all]));
  } catch {
    /* private mode: the lesson is done all the same */
  }
}

const STYLE = `
.is-learning .panel > :not(#lesson) { display: none; }
.is-learning .card, .is-learning .card .to-move { visibility: hidden; }
.lesson { display: flex; flex-direction: column; gap: 0.5rem; }
.lesson h2 { margin: 0; font-size: 1.1rem; }
.lesson p { margin: 0; }
.lesson .lesson-progress { color: var(--muted, #666); font-size: 0.9rem; }
.lesson .lesson-rule { font-weight: 600; }
.lesson .lesson-said:empty { display: none; }
.lesson .lesson-said[data-right="true"] { color: var(--ok, #176a2c); }
.lesson .lesson-said[data-right="false"] { color: var(--error, #a4161a); }
.lesson-list { display: flex; flex-wrap: wrap; gap: 0.4rem; list-style: none; margin: 0; padding: 0; }
.lesson-list button[data-done]::after { content: ' ✓'; }
.lesson-buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; }
`;

class Lessons extends TrainerPanel {
  constructor({ controller, panels, study }) {
    super({ controller, panels, id: 'lesson', held: 'is-learning', style: STYLE, button: 'learn' });
    this.study = study;
    this.lesson = null; // the study module's Lesson
    this.steps = [];
    this.k = 0; // the step shown
    this.solved = false;
    this.board = new TrainerBoard({
      view: controller.view,
      idle: () => this.c.snap,
      said: () => this.el.querySelector('.lesson-said'),
      accepts: () => !this.solved,
      onMove: (move) => this.play(move),
    });
    this.el.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (!b) return;
      if (b.dataset.variant) this.start(b.dataset.variant);
      else if (b.id === 'lesson-next') this.show(this.k + 1);
      else if (b.id === 'lesson-again') this.start(this.variant);
      else if (b.id === 'lesson-leave') this.close();
    });
  }

  /** Opens the picker: the game's variant first. */
  open() {
    this.hold();
    this.drop();
    const current = this.c.snap.variant;
    const names = engine.variants().map((v) => v.name);
    const order = [current, ...names.filter((n) => n !== current)];
    const finished = done();
    this.el.dataset.step = 'pick';
    delete this.el.dataset.topic;
    this.el.innerHTML = `<h2 id="lesson-title"></h2><p class="lesson-pick"></p><ul class="lesson-list"></ul>
      <div class="lesson-buttons"><button type="button" id="lesson-leave"></button></div>`;
    this.el.querySelector('h2').textContent = this.word('lesson.title');
    this.el.querySelector('.lesson-pick').textContent = this.word('lesson.pick');
    this.el.querySelector('#lesson-leave').textContent = this.word('lesson.leave');
    const list = this.el.querySelector('ul');
    for (const name of order) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.variant = name;
      b.textContent = variantTitle(engine.variantInfo(name));
      if (finished.has(name)) {
        b.dataset.done = '';
        b.title = this.word('lesson.done');
      }
      if (name === current) b.className = 'primary';
      li.append(b);
      list.append(li);
    }
    this.panels.announce(this.word('lesson.title'));
    this.c.redraw();
    list.querySelector('button')?.focus();
  }

  /** Starts `variant`'s lesson at its first step. */
  start(variant) {
    this.lesson?.free();
    this.variant = variant;
    this.panels.showTitle(variant);
    this.lesson = new this.study.Lesson(variant);
    this.steps = this.lesson.steps();
    // The lesson's board: the variant's (the game's own is rebuilt on the way back).
    this.board.build(variant);
    this.el.innerHTML = `<h2 id="lesson-title"></h2><p class="lesson-progress" aria-live="polite"></p>
      <p class="lesson-rule"></p><p class="lesson-ask"></p><p class="lesson-said" role="status"></p>
      <div class="lesson-buttons"><button type="button" id="lesson-next" class="primary" hidden></button>
      <button type="button" id="lesson-again" hidden></button><button type="button" id="lesson-leave"></button></div>`;
    this.show(0);
  }

  /** Shows step `k` (past the last: the lesson is complete). */
  show(k) {
    this.drop();
    this.k = k;
    const n = this.steps.length;
    const q = (s) => this.el.querySelector(s);
    q('h2').textContent = variantTitle(engine.variantInfo(this.variant));
    q('#lesson-next').textContent = this.word('lesson.next');
    q('#lesson-again').textContent = this.word('lesson.again');
    q('#lesson-leave').textContent = this.word('lesson.leave');
    this.board.say('', null);
    if (k >= n) {
      markDone(this.variant);
      this.el.dataset.step = 'complete';
      delete this.el.dataset.topic;
      q('.lesson-progress').textContent = this.word('lesson.progress', { k: n, n });
      q('.lesson-rule').textContent = this.word('lesson.complete', { variant: this.variant });
      q('.lesson-ask').textContent = '';
      q('#lesson-next').hidden = true;
      q('#lesson-again').hidden = false;
      this.panels.announce(q('.lesson-rule').textContent);
      q('#lesson-leave').focus();
      return;
    }
    const step = this.steps[k];
    this.el.dataset.step = String(k + 1);
    this.el.dataset.topic = step.topic;
    this.el.dataset.task = step.task;
    this.board.set(this.variant, step.fen);
    this.solved = step.task === 'read';
    q('.lesson-progress').textContent = this.word('lesson.progress', { k: k + 1, n });
    q('.lesson-rule').textContent = say(step.rule);
    q('.lesson-ask').textContent = say(step.ask);
    q('#lesson-next').hidden = !this.solved;
    q('#lesson-again').hidden = true;
    this.c.redraw();
    this.panels.announce(`${q('.lesson-progress').textContent}. ${q('.lesson-rule').textContent}`);
    if (this.solved) q('#lesson-next').focus();
  }

  /** The lesson's words in the page's language, when it changes: the step stays as it is. */
  relabel() {
    const step = this.el.dataset.step;
    if (step === 'pick') {
      this.open();
      return;
    }
    if (step === 'complete') {
      this.show(this.k);
      return;
    }
    const q = (s) => this.el.querySelector(s);
    const n = this.steps.length;
    q('h2').textContent = variantTitle(engine.variantInfo(this.variant));
    q('#lesson-next').textContent = this.word('lesson.next');
    q('#lesson-again').textContent = this.word('lesson.again');
    q('#lesson-leave').textContent = this.word('lesson.leave');
    q('.lesson-progress').textContent = this.word('lesson.progress', { k: this.k + 1, n });
    q('.lesson-rule').textContent = say(this.steps[this.k].rule);
    q('.lesson-ask').textContent = say(this.steps[this.k].ask);
    q('.lesson-said').textContent = '';
  }

  /** Back to the game, as it was. */
  close() {
    this.drop();
    this.lesson?.free();
    this.lesson = null;
    this.release();
  }

  /** A move made: the engine says whether it is the answer; a right one is played. */
  async play(move) {
    const board = this.board;
    const { right, message } = this.lesson.check(this.k, move.index);
    if (!right) {
      this.board.draw();
      board.say(say(message), false);
      return;
    }
    board.busy = true;
    this.board.draw();
    try {
      await board.show(move);
    } finally {
      board.busy = false;
    }
    this.solved = true;
    this.board.draw();
    board.say(say(message), true);
    const next = this.el.querySelector('#lesson-next');
    next.hidden = false;
    next.focus();
  }
}

let lessons = null;
/** Opens the lessons (button#learn): the study module is loaded on first use. */
export const openLessons = (page) =>
  openTrainer(page, 'lessons', async () => (lessons ||= new Lessons({ ...page, study: await study() })));
