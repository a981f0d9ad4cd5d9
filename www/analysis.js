// The analysis board and the game review (#analysis-panel). Both run in a worker of their own
// (engine-worker.js, a second instance of the module the computer's worker uses), so the
// computer's worker is never blocked or replaced by them. While the computer thinks, the
// analysis pauses: on a phone's few cores the two searches would halve each other's speed, and
// the computer's time-limited search would play weaker.
//
// Analysis (button#analysis): the engine deepens on the position shown (a past one too, while
// navigating), one depth per message; the worker is terminated when the toggle goes off, the
// tab is hidden, or the position shown changes (then a fresh one starts on the new position).
// It shows the best 1–5 lines (select#analysis-lines, kept in the settings as `lines`):
// #best-line, then ol#analysis-lines-list; a tap on one plays its first move.
// Review (button#review): every position of the game at the engine's default depth, with
// progress and cancel; the moves it judges are marked in #moves and White's evaluation is drawn
// in svg#eval-chart (a tap there shows that ply). The words, numbers and judgements are the
// engine's; this file places them. The players' own mistakes and blunders (not the computer's,
// not an online opponent's) come back as puzzle lines, kept for the trainer (puzzles.js) in
// localStorage 'draughts.mistakes' ({ variant: [line, …] }, the newest last, at most MAX_MISTAKES).

import { searchThreads } from './computer.js';
import * as game from './game.js';
import { say, t } from './i18n.js';

const $ = (id) => document.getElementById(id);
export const MISTAKES_KEY = 'draughts.mistakes';
const MAX_MISTAKES = 100;

/** The puzzle lines of the players' own mistakes kept for `variant` (none from a damaged save). */
export function mistakeLines(variant) {
  try {
    const all = JSON.parse(localStorage.getItem(MISTAKES_KEY) || '{}');
    const lines = all?.[variant];
    return Array.isArray(lines) ? lines.filter((l) => typeof l === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps `variant`'s mistake lines as `lines` (the newest MAX_MISTAKES). */
export function keepMistakes(variant, lines) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(MISTAKES_KEY) || '{}') || {};
  } catch {
    /* a damaged save is replaced */
  }
  all[variant] = [...new Set(lines)].slice(-MAX_MISTAKES);
  try {
    localStorage.setItem(MISTAKES_KEY, JSON.stringify(all));
  } catch {
    /* private mode or full: the puzzles of this review are not kept */
  }
}

const JUDGEMENTS = ['is-inaccuracy', 'is-mistake', 'is-blunder'];

export class Analyst {
  constructor({ controller, computer }) {
    this.c = controller;
    this.computer = computer;
    this.on = false;
    this.worker = null;
    this.key = null; // what the analysis runs on: `${version}:${ply}`, null when stopped
    this.last = null; // the latest depth found there
    this.depths = []; // { depth, ms, threads } of the current analysis (for tests and curiosity)
    this.reviewing = null; // { version, start } while a review runs
    this.review = null; // { version, chart, verdicts, ms } of the game as reviewed
    this.puzzler = null; // the review's worker while it turns the players' mistakes into puzzles
    controller.onView(() => queueMicrotask(() => this.sync()));
    computer.onThinking(() => queueMicrotask(() => this.sync()));
    document.addEventListener('visibilitychange', () => this.sync());
    $('analysis').addEventListener('click', () => {
      this.on = !this.on;
      $('analysis').setAttribute('aria-pressed', String(this.on));
      this.sync();
    });
    // How many lines: a saved choice the select does not offer reads as 1.
    const lines = $('analysis-lines');
    lines.value = controller.storage.loadSettings().lines;
    lines.value = this.lines = +lines.value || 1;
    lines.onchange = () => {
      controller.storage.saveSettings({ lines: (this.lines = +lines.value) });
      this.sync();
    };
    // A line's button has its place among the lines as its value (#best-line is the first).
    const play = (i) => this.last && controller.playShown(this.last.lines[i]?.index);
    $('best-line').onclick = () => play(0);
    $('analysis-lines-list').onclick = (e) => play(e.target.closest('button')?.value);
    $('review').addEventListener('click', () => this.startReview());
    $('review-cancel').addEventListener('click', () => this.stopReview());
    $('eval-chart').addEventListener('click', (e) => {
      const r = this.review;
      if (!r) return;
      const box = e.currentTarget.getBoundingClientRect();
      controller.showPly(Math.round(((e.clientX - box.left) / box.width) * (r.chart.length - 1)));
    });
  }

  /** Starts, restarts or stops the analysis to match the toggle, the tab and the position shown. */
  sync() {
    const c = this.c;
    const s = c.snap;
    if (!s) return;
    if (this.review && this.review.version !== c.version) {
      this.review = null;
      this.drawReview();
    }
    if (this.reviewing && this.reviewing.version !== c.version) this.stopReview();
    this.showVerdict();
    $('review').disabled = !!this.reviewing || !s.ply;
    if (this.reviewing) return; // the worker is the review's until it ends
    const paused = this.computer.job?.kind === 'think';
    const key = this.on && !document.hidden && !paused ? `${c.version}:${s.line}:${s.view}:${this.lines}` : null;
    if (key === this.key) {
      if (key && this.last && !c.arrow) this.drawArrow(this.last.move);
      return;
    }
    this.kill();
    this.key = key;
    this.last = null;
    this.depths = [];
    $('eval').textContent = key ? '…' : this.on && paused ? t('analysis.paused') : '';
    $('best-line').textContent = '';
    // The further lines' rows, empty until the first depth (the panel keeps its height).
    $('analysis-lines-list').innerHTML = key ? '<li><button type="button"></button>'.repeat(this.lines - 1) : '';
    $('analysis-depth').textContent = '';
    if (c.arrow) {
      c.arrow = null;
      c.redraw();
    }
    if (key) {
      const tables = !!this.computer.tables?.enabled;
      // A side line's position is analysed from its FEN, numbered as shown (the game's record holds
      // its own line).
      const at = s.line ? { record: `${s.fen}:F${s.moveNumber}`, ply: 0 } : { record: game.link(), ply: s.view };
      this.spawn({ type: 'analysis', ...at, variant: s.variant, lines: this.lines, tables });
    }
  }

  /** A fresh worker on `job` (the module is compiled once, by the computer's warm-up). */
  async spawn(job) {
    const token = (this.token = {});
    const w = await this.computer.spareWorker(searchThreads());
    if (this.token !== token || !w) {
      w?.terminate();
      return;
    }
    this.worker = w;
    w.onmessage = (e) => this.token === token && this.receive(e.data);
    w.postMessage(job);
  }

  kill() {
    this.worker?.terminate();
    this.worker = null;
    this.token = null;
  }

  /** Starts the analysis again on the same position (endgame tables have become ready). */
  restart() {
    if (!this.key) return;
    this.key = null;
    this.kill();
    this.sync();
  }

  receive(msg) {
    const c = this.c;
    if (msg.type === 'tables') {
      this.computer.tables?.wanted(msg);
    } else if (msg.type === 'depth') {
      const r = (this.last = msg.result);
      this.depths.push({ depth: r.depth, ms: r.ms, threads: r.threads });
      $('eval').textContent = say(r.text);
      $('analysis-depth').textContent = r.detail
        ? say(r.detail)
        : t(r.done ? 'analysis.depth-final' : 'analysis.depth', { depth: r.depth });
      $('best-line').textContent = r.line;
      $('analysis-lines-list').querySelectorAll('button').forEach((b, i) => {
        const l = r.lines[(b.value = i + 1)];
        const e = document.createElement('b');
        e.textContent = say(l?.text);
        b.replaceChildren(e, l ? ` ${l.line}` : '');
        b.title = say(l?.detail);
      });
      this.drawArrow(r.move);
    } else if (msg.type === 'over') {
      $('eval').textContent = say(msg.text);
    } else if (msg.type === 'progress') {
      $('review-progress').max = msg.total;
      $('review-progress').value = msg.done;
    } else if (msg.type === 'reviewed') {
      const ms = performance.now() - this.reviewing.start;
      this.review = { version: this.reviewing.version, ms, ...msg.result };
      // The worker goes on to the players' own mistakes, apart: the analysis may take a new one.
      const w = this.worker;
      this.worker = null;
      this.puzzler?.terminate();
      this.puzzler = w;
      w.onmessage = (e) => {
        if (e.data.type === 'mistakes' && e.data.lines.length) {
          keepMistakes(e.data.variant, [...mistakeLines(e.data.variant), ...e.data.lines]);
        }
        w.terminate();
        if (this.puzzler === w) this.puzzler = null;
      };
      this.endReview();
      this.drawReview();
      this.showVerdict();
    } else if (msg.type === 'error') {
      this.kill();
      $('eval').textContent = t('analysis.failed', { error: msg.draughts ? say(msg.draughts) : msg.message });
      if (this.reviewing) this.endReview();
    }
  }

  drawArrow(move) {
    this.c.arrow = [move.from, ...move.path];
    this.c.redraw();
  }

  // ----- review -----

  startReview() {
    const c = this.c;
    if (this.reviewing || !c.snap.ply) return;
    this.kill();
    this.key = null;
    this.reviewing = { version: c.version, start: performance.now() };
    $('review-progress').value = 0;
    document.body.classList.add('is-reviewing');
    $('review').disabled = true;
    // Whose mistakes become puzzles: the sides played on this board, not the computer's or a
    // friend's online.
    const own = { white: !c.isAway('white'), black: !c.isAway('black') };
    this.spawn({ type: 'review', record: game.link(), variant: c.snap.variant, tables: !!this.computer.tables?.enabled, own });
  }

  endReview() {
    this.kill();
    this.reviewing = null;
    document.body.classList.remove('is-reviewing');
    $('review').disabled = false;
    this.sync();
  }

  stopReview() {
    if (this.reviewing) this.endReview();
  }

  /** The judged moves' marks in the move list and the evaluation chart (or neither). */
  drawReview() {
    for (const b of document.querySelectorAll('#moves [data-ply]')) {
      b.classList.remove(...JUDGEMENTS);
      b.removeAttribute('title');
      b.querySelector('.judgement')?.remove();
    }
    const svg = $('eval-chart');
    const r = this.review;
    svg.replaceChildren();
    svg.classList.toggle('is-drawn', !!r);
    if (!r) return;
    for (const v of r.verdicts) {
      const b = document.querySelector(`#moves [data-ply="${v.ply}"][data-line=""]`);
      if (!b) continue;
      b.classList.add(`is-${v.judgement}`);
      b.title = say(v.text);
      const mark = document.createElement('span');
      mark.className = 'judgement';
      mark.textContent = v.symbol;
      mark.setAttribute('aria-label', say(v.text));
      b.append(mark);
    }
    // x: plies, y: 0 (White winning) to 2 (Black winning); White's area is filled.
    const n = Math.max(1, r.chart.length - 1);
    svg.setAttribute('viewBox', `0 0 ${n} 2`);
    const pts = r.chart.map((v, i) => `${i},${(1 - v).toFixed(3)}`).join(' ');
    svg.innerHTML =
      `<polygon class="white-area" points="0,2 ${pts} ${r.chart.length - 1},2"/>` +
      `<line class="mid" x1="0" y1="1" x2="${n}" y2="1"/>` +
      r.verdicts.map((v) => `<line class="is-${v.judgement}" x1="${v.ply}" x2="${v.ply}" y1="0" y2="2"/>`).join('') +
      '<line class="at" y1="0" y2="2"/>';
    this.showVerdict();
  }

  /** The shown move's judgement under the chart, and the chart's marker at the shown ply. */
  showVerdict() {
    const r = this.review;
    const view = this.c.snap?.view ?? 0;
    const v = r?.verdicts.find((x) => x.ply === view);
    $('review-note').textContent = v ? say(v.text) : r ? t('review.done', { n: r.verdicts.length }) : '';
    const at = $('eval-chart').querySelector('.at');
    at?.setAttribute('x1', view);
    at?.setAttribute('x2', view);
  }
}
