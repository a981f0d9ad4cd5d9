// The board as divs, drawn from the engine's state. It knows squares, pieces and CSS classes;
// it decides no rule: the engine says which cells are played on (the dark ones, the dark ones of
// a turned board, or all 64 on the Turkish board), where each is and what it is called. Hooks kept stable for tests: #board, [data-square], .piece.white|black.man|king,
// and the state classes is-selected, is-dest, is-waypoint, is-last-move, is-captured, is-hint,
// is-must (the pieces that must move, after a tap on one that cannot), is-movable and
// is-capturing (a player's turn: the pieces that can move, and those that capture);
// .ghost.white|black.man|king (not .piece: a piece the last move took, faded, until the next);
// is-path (with data-step, 1 for the first) marks the landing squares already chosen while a
// capture path is being picked.
//
// The names drawn on the squares (`.num`) and in the border beside the board (`.edge`, shown
// when the settings ask for it) are the engine's: field numbers, or algebraic names and the
// columns' letters and rows' numbers. The settings choose which on 8×8 boards (setNotation).

import { t } from './i18n.js';

const STATE_CLASSES = ['is-selected', 'is-dest', 'is-waypoint', 'is-path', 'is-last-move', 'is-movable', 'is-capturing', 'is-hint', 'is-must'];

const SVG_NS = 'http://www.w3.org/2000/svg';

export class BoardView {
  constructor(el) {
    this.el = el;
    this.cells = new Map(); // square number -> element
    this.coords = new Map(); // square number -> { row, col } as White sees the board
    this.labels = new Map(); // square number -> its name as players write it ("32", "c3")
    this.names = new Map(); // square number -> the engine's { number, algebraic, file, rank }
    this.algebraicBoard = false; // the variant's records name squares algebraically
    this.notation = null; // 'numbers' or 'algebraic' chosen for 8×8 boards; null: the variant's own
    this.msPerStep = 110; // a move's slide, per step; 0: no slide (the settings' animation speed)
    this.size = 0;
    this.flipped = false;
    this.focusSquare = null;
    // The analysis' best move as an arrow, over the board (not in it: #board holds squares only).
    this.arrowEl = document.createElementNS(SVG_NS, 'svg');
    this.arrowEl.classList.add('board-arrow');
    this.arrowEl.setAttribute('aria-hidden', 'true');
    el.after(this.arrowEl);
    // The border of names: one strip across (above or below) and one down the left side.
    this.edges = ['across', 'down'].map((dir) => {
      const edge = document.createElement('div');
      edge.className = `edge edge-${dir}`;
      edge.setAttribute('aria-hidden', 'true');
      el.after(edge);
      return edge;
    });
  }

  /**
   * Builds the squares: `squares` is the engine's `[{ square, row, col, label, number, algebraic,
   * file, rank }]`; `full` is set when every cell is played on (drawn as a lined board rather
   * than a checkered one), `algebraic` when the variant's records name squares algebraically.
   */
  build(squares, size, { full = false, algebraic = false } = {}) {
    this.algebraicBoard = algebraic;
    this.size = size;
    this.el.textContent = '';
    this.el.style.setProperty('--n', size);
    this.el.dataset.size = size;
    this.el.toggleAttribute('data-full', full);
    this.cells.clear();
    this.coords.clear();
    this.labels.clear();
    this.names.clear();
    const frag = document.createDocumentFragment();
    for (const { square, row, col, label, number, algebraic: alg, file, rank } of squares) {
      const cell = document.createElement('div');
      cell.className = 'sq';
      cell.dataset.square = square;
      cell.setAttribute('role', 'button');
      cell.tabIndex = -1;
      const num = document.createElement('span');
      num.className = 'num';
      num.setAttribute('aria-hidden', 'true');
      cell.append(num);
      this.cells.set(square, cell);
      this.coords.set(square, { row, col });
      this.labels.set(square, label);
      this.names.set(square, { number, algebraic: alg, file, rank });
      frag.append(cell);
    }
    this.el.append(frag);
    this.placeAll();
    this.drawNames();
    const first = squares.length ? squares[squares.length - 1].square : null;
    this.setFocusable(first);
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.el.classList.toggle('is-flipped', flipped);
    this.placeAll();
    this.drawEdges();
  }

  /** Names the squares by field number or algebraically on 8×8 boards (null: as the variant's
   * records do); 10×10 boards keep their numbers. */
  setNotation(notation) {
    this.notation = notation;
    this.drawNames();
  }

  /** Whether the names drawn are algebraic (else field numbers). */
  namesAlgebraic() {
    return this.size === 8 && this.notation ? this.notation === 'algebraic' : this.algebraicBoard;
  }

  /** The names on the squares, and the border. */
  drawNames() {
    const algebraic = this.namesAlgebraic();
    for (const [sq, cell] of this.cells) {
      const n = this.names.get(sq);
      cell.querySelector('.num').textContent = algebraic ? n.algebraic : n.number;
    }
    this.drawEdges();
  }

  /**
   * The border, as the board is turned: algebraic names write each column's letter below the
   * board and each row's number on its left; field numbers write the numbers of the squares
   * along the top and left edges beside them (the numbering starts at the top left).
   */
  drawEdges() {
    const n = this.size;
    const algebraic = this.namesAlgebraic();
    const across = Array(n).fill('');
    const down = Array(n).fill('');
    for (const [sq, names] of this.names) {
      const { row, col } = this.screenPos(sq);
      if (algebraic) {
        across[col] = names.file;
        down[row] = names.rank;
      } else {
        if (row === 0) across[col] = names.number;
        if (col === 0) down[row] = names.number;
      }
    }
    this.el.parentElement.dataset.edge = algebraic ? 'bottom' : 'top';
    const [a, d] = this.edges;
    for (const [edge, texts] of [[a, across], [d, down]]) {
      edge.style.setProperty('--n', n);
      edge.replaceChildren(...texts.map((t) => Object.assign(document.createElement('span'), { textContent: t })));
    }
  }

  /** Row and column on screen (after flipping), 0-based from the top-left. */
  screenPos(square) {
    const { row, col } = this.coords.get(square);
    const n = this.size - 1;
    return this.flipped ? { row: n - row, col: n - col } : { row, col };
  }

  squareAtScreen(row, col) {
    for (const sq of this.cells.keys()) {
      const p = this.screenPos(sq);
      if (p.row === row && p.col === col) return sq;
    }
    return null;
  }

  placeAll() {
    for (const [sq, cell] of this.cells) {
      const { row, col } = this.screenPos(sq);
      cell.style.gridRow = row + 1;
      cell.style.gridColumn = col + 1;
    }
  }

  /**
   * Draws pieces and marks. `board[n - 1]` is null or `{ color, role }`; `marks` holds sets of
   * square numbers: selected, dests, waypoints, lastMove, captured, movable, capturing and hint
   * (optional); `ghosts` (optional) lists `{ square, color, role }` of pieces just taken.
   */
  render(board, marks) {
    this.drawArrow(marks.arrow);
    const hint = marks.hint || new Set();
    const ghosts = new Map((marks.ghosts || []).map((g) => [g.square, g]));
    const path = marks.path || [];
    // A landing square can come twice in a path (a king's loop): the last step is shown.
    const steps = new Map(path.map((sq, i) => [sq, i + 1]));
    for (const [sq, cell] of this.cells) {
      const p = board[sq - 1];
      let piece = cell.querySelector('.piece');
      const want = p ? `piece ${p.color} ${p.role}` : null;
      if (!want) {
        if (piece) piece.remove();
      } else {
        if (!piece) {
          piece = document.createElement('div');
          piece.setAttribute('aria-hidden', 'true');
          cell.append(piece);
        }
        const captured = marks.captured.has(sq);
        const cls = captured ? `${want} is-captured` : want;
        if (piece.className !== cls) piece.className = cls;
        piece.style.transform = '';
      }
      // Under the pieces and out of the way of input (aria-hidden: the label says it).
      const g = p ? null : ghosts.get(sq);
      let ghost = cell.querySelector('.ghost');
      if (!g) {
        ghost?.remove();
      } else {
        if (!ghost) {
          ghost = document.createElement('div');
          ghost.setAttribute('aria-hidden', 'true');
          cell.append(ghost);
        }
        ghost.className = `ghost ${g.color} ${g.role}`;
      }
      for (const c of STATE_CLASSES) {
        const on =
          (c === 'is-selected' && marks.selected === sq) ||
          (c === 'is-dest' && marks.dests.has(sq)) ||
          (c === 'is-waypoint' && marks.waypoints.has(sq)) ||
          (c === 'is-path' && steps.has(sq)) ||
          (c === 'is-last-move' && marks.lastMove.has(sq)) ||
          (c === 'is-movable' && marks.movable.has(sq)) ||
          (c === 'is-capturing' && !!marks.capturing?.has(sq)) ||
          (c === 'is-hint' && hint.has(sq)) ||
          (c === 'is-must' && !!marks.must?.has(sq));
        cell.classList.toggle(c, on);
      }
      if (steps.has(sq)) cell.dataset.step = steps.get(sq);
      else delete cell.dataset.step;
      cell.setAttribute('aria-label', this.label(sq, p, marks, steps.get(sq), g));
      cell.setAttribute('aria-pressed', marks.selected === sq ? 'true' : 'false');
    }
  }

  /** A square's name as players write it: "32", or "c3" where squares are algebraic. */
  name(sq) {
    return this.labels.get(sq) ?? String(sq);
  }

  label(sq, p, marks, step, ghost) {
    const piece = (x) => t('square.piece', { color: t(`piece.${x.color}`), role: t(`piece.${x.role}`) });
    const parts = [this.name(sq), p ? piece(p) : t('square.empty')];
    if (ghost) parts.push(t('square.just-taken', { piece: piece(ghost) }));
    if (marks.selected === sq) parts.push(t('square.selected'));
    if (marks.dests.has(sq)) parts.push(t('square.move-here'));
    if (step) parts.push(t('square.landing', { step }));
    if (marks.waypoints.has(sq)) parts.push(t('square.jump-through'));
    if (marks.captured.has(sq)) parts.push(t('square.being-captured'));
    if (marks.hint?.has(sq)) parts.push(t('square.hint'));
    if (marks.must?.has(sq)) parts.push(t('square.must-move'));
    if (marks.capturing?.has(sq)) parts.push(t('square.can-capture'));
    return parts.join(', ');
  }

  cell(sq) {
    return this.cells.get(sq);
  }

  /** The square number under a viewport point, or null. */
  squareFromPoint(x, y) {
    const el = document.elementFromPoint(x, y);
    const cell = el && el.closest('[data-square]');
    return cell && this.el.contains(cell) ? Number(cell.dataset.square) : null;
  }

  setFocusable(sq) {
    if (sq == null || !this.cells.has(sq)) return;
    if (this.focusSquare != null && this.cells.has(this.focusSquare)) {
      this.cells.get(this.focusSquare).tabIndex = -1;
    }
    this.focusSquare = sq;
    this.cells.get(sq).tabIndex = 0;
  }

  focus(sq) {
    this.setFocusable(sq);
    this.cells.get(sq).focus();
  }

  /** The square reached from `sq` by an arrow key, on screen: the next played cell along the
   * row or column where there is one (a full board), else left/right along the row and up/down
   * to a diagonal neighbour in the next row. */
  neighbour(sq, key) {
    const { row, col } = this.screenPos(sq);
    const tries = {
      ArrowLeft: [[0, -1], [0, -2], [-1, -1], [1, -1]],
      ArrowRight: [[0, 1], [0, 2], [1, 1], [-1, 1]],
      ArrowUp: [[-1, 0], [-1, 1], [-1, -1], [-2, 0]],
      ArrowDown: [[1, 0], [1, -1], [1, 1], [2, 0]],
    }[key];
    if (!tries) return null;
    for (const [dr, dc] of tries) {
      const t = this.squareAtScreen(row + dr, col + dc);
      if (t != null) return t;
    }
    return null;
  }

  /**
   * Slides the piece on `from` through `path` (square numbers), fading `captures`; resolves when
   * done. Skipped (resolves at once) when the animation is off (`msPerStep` 0: the settings turn
   * it off by default for a user who prefers reduced motion) or the page is hidden.
   */
  animate(from, path, captures, msPerStep = this.msPerStep) {
    const piece = this.cells.get(from)?.querySelector('.piece');
    if (!piece || !(msPerStep > 0) || document.hidden) {
      return Promise.resolve();
    }
    for (const c of captures) this.cells.get(c)?.querySelector('.piece')?.classList.add('is-captured');
    const origin = this.cells.get(from).getBoundingClientRect();
    piece.classList.add('is-moving');
    return new Promise((resolve) => {
      let i = 0;
      const step = () => {
        if (i >= path.length) {
          resolve();
          return;
        }
        const r = this.cells.get(path[i]).getBoundingClientRect();
        piece.style.transition = `transform ${msPerStep}ms ease-in-out`;
        piece.style.transform = `translate(${r.left - origin.left}px, ${r.top - origin.top}px)`;
        i += 1;
        setTimeout(step, msPerStep);
      };
      step();
    });
  }

  /** An arrow from the first square through the others (centres), drawn as the board is turned. */
  drawArrow(squares) {
    const svg = this.arrowEl;
    const key = squares?.length ? `${squares.join('-')}|${this.flipped}|${this.size}` : '';
    if (svg.dataset.key === key) return;
    svg.dataset.key = key;
    if (!key) {
      svg.replaceChildren();
      svg.removeAttribute('data-arrow');
      return;
    }
    svg.dataset.arrow = squares.join('-');
    svg.setAttribute('viewBox', `0 0 ${this.size} ${this.size}`);
    const pts = squares.map((sq) => {
      const { row, col } = this.screenPos(sq);
      return `${col + 0.5},${row + 0.5}`;
    });
    svg.innerHTML =
      '<defs><marker id="arrow-head" viewBox="0 0 4 4" refX="1.5" refY="2" markerWidth="2.6" markerHeight="2.6" orient="auto">' +
      `<path d="M0,0L4,2L0,4z"/></marker></defs><polyline points="${pts.join(' ')}" marker-end="url(#arrow-head)"/>`;
  }
}
