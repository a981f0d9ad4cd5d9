// Everything around the board: counters, whose turn, the move list, status line, messages,
// the live region and the result dialog. Text comes from the engine's state.

import * as engine from './engine.js';

const $ = (id) => document.getElementById(id);

function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "International", "English": the variant's label without the board size. */
function variantName(variant) {
  return (engine.VARIANT_LABELS[variant] || variant).replace(/\s+\S*×\S*$/, '');
}

export class Panels {
  constructor() {
    this.messageTimer = 0;
    this.computerSide = null; // against the computer, results are told from the player's side
  }

  setVariant(variant) {
    $('variant').value = variant;
    document.body.dataset.variant = variant;
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
    $('turn').textContent = over ? this.resultTitle(status) : `${cap(turn)} to move`;
    $('status').textContent = over ? this.resultText(status) : `Move ${this.moveNumber(game)} · ${variantName(game.variant())}`;
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
    });
    const box = ol.parentElement;
    box.scrollTop = box.scrollHeight;
  }

  /** "White wins", "Draw"; against the computer "You win", "You lose". */
  resultTitle(status) {
    if (status.state === 'win') {
      if (this.computerSide) return status.winner === this.computerSide ? 'You lose' : 'You win';
      return `${cap(status.winner)} wins`;
    }
    return status.state === 'draw' ? 'Draw' : '';
  }

  /**
   * Why, in words: "Black has no pieces left", "by agreement", "by threefold repetition";
   * against the computer "you resigned", "the computer cannot move".
   */
  resultReason(status) {
    if (status.state === 'win') {
      const loser = status.winner === 'white' ? 'black' : 'white';
      if (this.computerSide) {
        const you = loser !== this.computerSide;
        return {
          'no pieces': you ? 'you have no pieces left' : 'the computer has no pieces left',
          'no legal moves': you ? 'you cannot move' : 'the computer cannot move',
          resignation: you ? 'you resigned' : 'the computer resigned',
        }[status.reason] || status.reason;
      }
      const l = cap(loser);
      return {
        'no pieces': `${l} has no pieces left`,
        'no legal moves': `${l} cannot move`,
        resignation: `${l} resigned`,
      }[status.reason] || status.reason;
    }
    if (status.state === 'draw') {
      if (status.reason === 'agreement') return 'by agreement';
      return status.reason.startsWith('threefold') ? `by ${status.reason}` : `by the ${status.reason}`;
    }
    return '';
  }

  /** "White wins: Black has no pieces left", "Draw by agreement". */
  resultText(status) {
    if (status.state === 'win') return `${this.resultTitle(status)}: ${this.resultReason(status)}`;
    if (status.state === 'draw') return `Draw ${this.resultReason(status)}`;
    return '';
  }

  showResult(status) {
    const d = $('result');
    $('result-title').textContent = this.resultTitle(status);
    $('result-reason').textContent = cap(this.resultReason(status)) + '.';
    // Shown turned round, face to face, for the player across the table.
    $('result-mirror').textContent = this.resultText(status) + '.';
    d.dataset.result = status.result;
    if (!d.open) d.showModal();
  }

  hideResult() {
    const d = $('result');
    if (d.open) d.close();
  }

  /** A visible message under the status line; kind: info | error. */
  message(text, kind = 'info', ms = 6000) {
    const el = $('message');
    el.textContent = text;
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
