// Everything around the board: counters, whose turn, the move list, status line, messages,
// the live region and the result dialog. Text comes from the engine's state.

import * as engine from './engine.js';
import { language, say, sideName, t, variantTitle } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** A comment of the game record in the move list. */
function comment(text, tag) {
  const el = document.createElement(tag);
  el.className = 'comment';
  el.textContent = text;
  return el;
}

/** The first letter in capitals, as the language writes it (Turkish i → İ). */
function cap(s) {
  return s.charAt(0).toLocaleUpperCase(language()) + s.slice(1);
}

/** A move with its number as players write it: "12. 32-28", "12… 19-23". */
export function numbered(m, snap) {
  return `${m.number}${m.color === engine.firstMover(snap.variant) ? '.' : '…'} ${m.text}`;
}

/** The moves of line `line` ('' the game's, '0.1' a side line) in the snapshot's move list. */
export function linePlies(snap, line) {
  let plies = snap.moves;
  let path = '';
  while (path !== line) {
    const next = plies.flatMap((p) => p.variations ?? []).find((v) => line === v.line || line.startsWith(`${v.line}.`));
    if (!next) return [];
    plies = next.moves;
    path = next.line;
  }
  return plies;
}

/**
 * Keeps a tap that began before `dialog` opened from pressing the button that is now under the
 * finger. On a phone the click of a tap comes after the touch ends, and the result dialog can
 * open in between: the tap played the last move, or the computer answered it at once. A pointer's
 * click counts only after a press inside the open dialog; the keyboard's (detail 0) always.
 */
function ignoreTapsFromBefore(dialog) {
  let pressedInside = false;
  dialog.addEventListener('pointerdown', () => (pressedInside = true), true);
  dialog.addEventListener('close', () => (pressedInside = false));
  dialog.addEventListener(
    'click',
    (e) => {
      if (e.detail !== 0 && !pressedInside) {
        e.stopImmediatePropagation();
        e.preventDefault();
      }
    },
    true,
  );
}

export class Panels {
  constructor() {
    this.messageTimer = 0;
    this.computerSide = null; // against the computer, results are told from the player's side
    this.friendSide = null; // and against a friend online
    $('message-close').addEventListener('click', () => this.message(''));
    ignoreTapsFromBefore($('result'));
  }

  /** The variant of the game shown: the page's class and the line under the title. */
  setVariant(variant) {
    document.body.dataset.variant = variant;
    this.variant = variant;
    this.showTitle();
  }

  /** The line under the title: the variant of the game shown, or of the lesson or puzzle that
   * holds the board (`variant`). */
  showTitle(variant = this.variant) {
    $('game-title').textContent = variant ? variantTitle(engine.variantInfo(variant)) : '';
  }

  /** Counters, whose turn, the status line, the toolbar's state and the move list, from the
   * engine's snapshot. */
  update(snap) {
    const status = snap.status;
    for (const side of ['white', 'black']) {
      $(`count-${side}`).textContent = snap.counts[side].total;
      const k = snap.counts[side].kings;
      $(`kings-${side}`).textContent = k ? t('kings', { n: k }) : '';
    }
    const turn = snap.turn;
    const past = snap.view < snap.ply || !!snap.line;
    const over = status.state !== 'ongoing' && !past;
    $('turn').textContent = over ? say(status.title) : t('turn.to-move', { side: sideName(turn) });
    $('status').textContent = over
      ? say(status.line)
      : t('status.move', { number: snap.moveNumber, variant: variantTitle(engine.variantInfo(snap.variant)) });
    document.body.dataset.turn = turn;
    document.body.classList.toggle('is-over', status.state !== 'ongoing');
    document.body.classList.toggle('is-past', past);
    for (const card of document.querySelectorAll('.card')) {
      card.classList.toggle('is-turn', !over && card.dataset.side === turn);
    }
    $('resign').disabled = status.state !== 'ongoing';
    $('offer-draw').disabled = status.state !== 'ongoing';
    this.renderMoves(snap);
    this.showPast(snap);
  }

  /** The banner over a past position, and the navigation buttons' state. */
  showPast(snap) {
    const past = snap.view < snap.ply || !!snap.line;
    const banner = $('past-banner');
    banner.hidden = !past;
    if (past) {
      const m = linePlies(snap, snap.line).find((p) => p.ply === snap.view);
      // A side line's longer words: the move kept whole on a narrow phone (non-breaking hyphens).
      const move = m && (snap.line ? numbered(m, snap).replaceAll('-', '\u2011') : numbered(m, snap));
      $('past-text').textContent = !m ? t('past.start') : t(snap.line ? 'past.side-line' : 'past.after', { move });
    }
    // A side line is promoted or deleted; on the game's own line, play goes on from a past position.
    $('play-from-here').hidden = !!snap.line;
    $('promote-line').hidden = $('delete-line').hidden = !snap.line;
    $('nav-first').disabled = $('nav-prev').disabled = snap.view === 0;
    $('nav-next').disabled = $('nav-last').disabled = snap.view >= snap.lineEnd;
  }

  /**
   * The numbered move list: "1. 32-28 19-23", one row per move number; each move is a button
   * (`data-ply` = plies played after it) that shows the position it leads to. Rebuilt only when
   * the moves change; the move shown is marked on every call.
   */
  renderMoves(snap) {
    const list = snap.moves;
    const ol = $('moves');
    const notes = list.filter((p) => p.comment).length;
    const last = (k) => (list.length >= k ? list[list.length - k].text : '');
    const lines = JSON.stringify(list.filter((p) => p.variations).map((p) => [p.ply, p.variations]));
    const key = `${snap.variant}|${list.length}|${last(1)}|${last(2)}|${notes}|${snap.leadComment ?? ''}|${lines}`;
    if (this.movesKey !== key) {
      this.movesKey = key;
      const first = engine.firstMover(snap.variant);
      ol.textContent = '';
      let row = null;
      let rowNumber = null;
      if (snap.leadComment) ol.append(comment(snap.leadComment, 'li'));
      for (const ply of list) {
        if (ply.number !== rowNumber) {
          row = document.createElement('li');
          row.value = ply.number;
          const num = document.createElement('span');
          num.className = 'move-no';
          num.textContent = `${ply.number}.`;
          row.append(num);
          if (ply.color !== first) {
            const gap = document.createElement('span');
            gap.className = 'ply gap';
            gap.textContent = '…';
            row.append(gap);
          }
          ol.append(row);
          rowNumber = ply.number;
        }
        row.append(plyButton(ply, ''));
        // The record's comment after the move, then its side lines; the row goes on below them.
        if (ply.comment) {
          row.append(comment(ply.comment, 'span'));
          rowNumber = null;
        }
        for (const v of ply.variations ?? []) {
          row.append(sideLine(v, first));
          rowNumber = null;
        }
      }
    }
    for (const b of ol.querySelectorAll('.is-current')) b.classList.remove('is-current');
    for (const b of ol.querySelectorAll('[aria-current]')) b.removeAttribute('aria-current');
    const current = ol.querySelector(`[data-ply="${snap.view}"][data-line="${snap.line}"]`);
    if (current) {
      current.classList.add('is-current');
      current.setAttribute('aria-current', 'step');
    }
    const box = ol.parentElement;
    if (snap.view === snap.ply) {
      box.scrollTop = box.scrollHeight;
      ol.scrollLeft = ol.scrollWidth; // the strip on phones (the list scrolls): the last move in view
    } else if (current) {
      current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    } else {
      // The start position: the first moves in view.
      box.scrollTop = 0;
      ol.scrollLeft = 0;
    }
  }

  /** The side results are told to: the player's against the computer or a friend online, else
   * undefined (colours). */
  player() {
    const away = this.friendSide || this.computerSide;
    if (!away) return undefined;
    return away === 'white' ? 'black' : 'white';
  }

  /** The side a friend plays on another device (an online game), or null. */
  setFriend(side) {
    this.friendSide = side;
    this.setPlayers(this.computerSide);
  }

  /** The result dialog; its wording is the engine's (`status.title`, `.detail`, `.line`). */
  showResult(status) {
    const d = $('result');
    $('result-title').textContent = say(status.title);
    $('result-reason').textContent = cap(say(status.detail)) + '.';
    // Shown turned round, face to face, for the player across the table.
    $('result-mirror').textContent = say(status.line) + '.';
    d.dataset.result = status.result;
    d.dataset.reason = status.reason;
    if (!d.open) d.showModal();
  }

  hideResult() {
    const d = $('result');
    if (d.open) d.close();
  }

  /**
   * A visible message under the status line; kind: info | error; ms 0: until replaced. It shows
   * in a slot of fixed height (long text scrolls inside), so nothing below it moves, and it has
   * a close button. `why`: the engine's code when it explains why a piece cannot move.
   */
  message(text, kind = 'info', ms = 6000, { why = '' } = {}) {
    const el = $('message');
    $('message-text').textContent = text;
    el.dataset.kind = kind;
    el.dataset.why = why;
    el.hidden = !text;
    clearTimeout(this.messageTimer);
    if (text && ms) this.messageTimer = setTimeout(() => (el.hidden = true), ms);
    if (text) this.announce(text);
  }

  /** Hides the message if it explains why a piece cannot move (a movable piece was picked). */
  dropExplanation() {
    const el = $('message');
    if (!el.hidden && el.dataset.why) this.message('');
  }

  /** Says something to screen readers through the live region. */
  announce(text) {
    const el = $('announcer');
    el.textContent = '';
    // A fresh text node so repeated messages are still announced.
    requestAnimationFrame(() => (el.textContent = text));
  }

  /** Names the computer's card ("Black · Computer 3"); `computerSide` null for two players. */
  setPlayers(computerSide, level = this.level) {
    this.computerSide = computerSide;
    this.level = level;
    for (const card of document.querySelectorAll('.card')) {
      const side = card.dataset.side;
      const computer = side === computerSide;
      card.classList.toggle('is-computer', computer);
      const friend = side === this.friendSide;
      card.classList.toggle('is-friend', friend);
      card.querySelector('.who').textContent = computer
        ? t('card.computer', { side: sideName(side), level })
        : friend
          ? t('card.friend', { side: sideName(side) })
          : sideName(side);
    }
  }

  /** The "thinking…" indicator on the computer's card; `side` null to hide it. */
  setThinking(side) {
    for (const card of document.querySelectorAll('.card')) {
      const on = card.dataset.side === side;
      card.classList.toggle('is-thinking', on);
      card.querySelector('.to-move').textContent = t(on ? 'card.thinking' : 'card.to-move');
    }
  }

  setBusy(busy, label = '') {
    document.body.classList.toggle('is-busy', busy);
    $('board').setAttribute('aria-busy', busy ? 'true' : 'false');
    if (busy && label) $('status').textContent = label;
  }
}

/** A move of the list: a button that shows the position it leads to, on its line. */
function plyButton(ply, line) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = `ply ${ply.color}`;
  b.dataset.ply = ply.ply;
  b.dataset.line = line;
  b.textContent = ply.text;
  return b;
}

/**
 * A side line in the list, in parentheses after the move it replaces: its opening comment, then
 * its moves, numbered where a line, a comment or a side line starts, with its own side lines.
 */
function sideLine(v, first) {
  const span = document.createElement('span');
  span.className = 'line';
  span.dataset.line = v.line;
  if (v.comment) span.append(comment(v.comment, 'span'));
  let numbered = true;
  for (const ply of v.moves) {
    if (numbered || ply.color === first) {
      const num = document.createElement('span');
      num.className = 'move-no';
      num.textContent = `${ply.number}${ply.color === first ? '.' : '…'}`;
      span.append(num);
    }
    span.append(plyButton(ply, v.line));
    numbered = !!ply.comment || !!ply.variations;
    if (ply.comment) span.append(comment(ply.comment, 'span'));
    for (const inner of ply.variations ?? []) span.append(sideLine(inner, first));
  }
  return span;
}
