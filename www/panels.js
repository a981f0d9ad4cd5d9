// Everything around the board: counters, whose turn, the move list, status line, messages,
// the live region and the result dialog. Text comes from the engine's state.

import * as engine from './engine.js';

const $ = (id) => document.getElementById(id);

/** A comment of the game record in the move list. */
function comment(text, tag) {
  const el = document.createElement(tag);
  el.className = 'comment';
  el.textContent = text;
  return el;
}

function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export class Panels {
  constructor() {
    this.messageTimer = 0;
    this.computerSide = null; // against the computer, results are told from the player's side
    $('message-close').addEventListener('click', () => this.message(''));
  }

  /** Fills the variant picker from the engine's list (once, at start-up). */
  fillVariants() {
    const select = $('variant');
    select.textContent = '';
    for (const v of engine.variants()) {
      const o = document.createElement('option');
      o.value = v.name;
      o.textContent = v.title;
      select.append(o);
    }
    select.addEventListener('change', () => this.showSummary(select.value));
  }

  setVariant(variant) {
    $('variant').value = variant;
    document.body.dataset.variant = variant;
    this.showSummary(variant);
  }

  /** The chosen variant's two lines under the picker. */
  showSummary(variant) {
    const [first = '', second = ''] = (engine.variantInfo(variant)?.summary ?? '').split('\n');
    $('variant-summary-1').textContent = first;
    $('variant-summary-2').textContent = second;
  }

  update(game, status) {
    const counts = game.counts();
    for (const side of ['white', 'black']) {
      $(`count-${side}`).textContent = counts[side].total;
      const k = counts[side].kings;
      $(`kings-${side}`).textContent = k ? `${k} king${k > 1 ? 's' : ''}` : '';
    }
    const turn = game.turn();
    const over = status.state !== 'ongoing';
    $('turn').textContent = over ? status.title : `${engine.SIDE_NAMES[turn]} to move`;
    $('status').textContent = over ? status.line : `Move ${this.moveNumber(game)} · ${engine.variantInfo(game.variant())?.title ?? game.variant()}`;
    document.body.dataset.turn = turn;
    document.body.classList.toggle('is-over', over);
    for (const card of document.querySelectorAll('.card')) {
      card.classList.toggle('is-turn', !over && card.dataset.side === turn);
    }
    $('undo').disabled = !game.canUndo();
    $('redo').disabled = !game.canRedo();
    $('resign').disabled = over;
    $('offer-draw').disabled = over;
    this.renderMoves(game);
  }

  moveNumber(game) {
    const list = game.moveList();
    if (!list.length) return 1;
    const last = list[list.length - 1];
    return last.color === engine.firstMover(game.variant()) ? last.number : last.number + 1;
  }

  /** The numbered move list: "1. 32-28 19-23", one row per move number. */
  renderMoves(game) {
    const list = game.moveList();
    const first = engine.firstMover(game.variant());
    const ol = $('moves');
    ol.textContent = '';
    let row = null;
    let rowNumber = null;
    const lead = game.leadComment();
    if (lead) ol.append(comment(lead, 'li'));
    list.forEach((ply, i) => {
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
      const span = document.createElement('span');
      span.className = `ply ${ply.color}`;
      span.textContent = ply.text;
      if (i === list.length - 1) span.classList.add('is-current');
      row.append(span);
      // The record's comment after the move, then the row goes on below it.
      if (ply.comment) {
        row.append(comment(ply.comment, 'span'));
        rowNumber = null;
      }
    });
    const box = ol.parentElement;
    box.scrollTop = box.scrollHeight;
    box.scrollLeft = box.scrollWidth; // the strip on phones: the last move in view
  }

  /** The side results are told to: the player's against the computer, else undefined (colours). */
  player() {
    if (!this.computerSide) return undefined;
    return this.computerSide === 'white' ? 'black' : 'white';
  }

  /** The result dialog; its wording is the engine's (`status.title`, `.detail`, `.line`). */
  showResult(status) {
    const d = $('result');
    $('result-title').textContent = status.title;
    $('result-reason').textContent = cap(status.detail) + '.';
    // Shown turned round, face to face, for the player across the table.
    $('result-mirror').textContent = status.line + '.';
    d.dataset.result = status.result;
    d.dataset.reason = status.reason;
    if (!d.open) d.showModal();
  }

  hideResult() {
    const d = $('result');
    if (d.open) d.close();
  }

  /**
   * A visible message under the status line; kind: info | error. It shows in a slot of fixed
   * height (long text scrolls inside), so nothing below it moves, and it has a close button.
   */
  message(text, kind = 'info', ms = 6000) {
    const el = $('message');
    $('message-text').textContent = text;
    el.dataset.kind = kind;
    el.hidden = !text;
    clearTimeout(this.messageTimer);
    if (text && ms) this.messageTimer = setTimeout(() => (el.hidden = true), ms);
    if (text) this.announce(text);
  }

  /** Says something to screen readers through the live region. */
  announce(text) {
    const el = $('announcer');
    el.textContent = '';
    // A fresh text node so repeated messages are still announced.
    requestAnimationFrame(() => (el.textContent = text));
  }

  /** Names the computer's card ("Black · Computer"); `computerSide` null for two players. */
  setPlayers(computerSide) {
    this.computerSide = computerSide;
    for (const card of document.querySelectorAll('.card')) {
      const side = card.dataset.side;
      const computer = side === computerSide;
      card.classList.toggle('is-computer', computer);
      card.querySelector('.who').textContent = cap(side) + (computer ? ' · Computer' : '');
    }
  }

  /** The "thinking…" indicator on the computer's card; `side` null to hide it. */
  setThinking(side) {
    for (const card of document.querySelectorAll('.card')) {
      const on = card.dataset.side === side;
      card.classList.toggle('is-thinking', on);
      card.querySelector('.to-move').textContent = on ? 'thinking' : 'to move';
    }
  }

  setBusy(busy, label = '') {
    document.body.classList.toggle('is-busy', busy);
    $('board').setAttribute('aria-busy', busy ? 'true' : 'false');
    if (busy && label) $('status').textContent = label;
  }
}
