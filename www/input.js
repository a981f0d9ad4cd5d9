// Input on the board: tap or click (tap-tap), drag and drop with pointer events (mouse, pen and
// touch), and the keyboard (arrows move focus across squares, Enter/Space activate). Everything
// ends in controller.activate(square): this module knows nothing of the rules.

const DRAG_THRESHOLD = 6; // px before a press becomes a drag

export function attachInput(boardEl, view, controller) {
  let press = null; // { id, sq, x, y, piece, dragging, picked }

  boardEl.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || press) return;
    const cell = e.target.closest('[data-square]');
    if (!cell) return;
    const sq = Number(cell.dataset.square);
    press = { id: e.pointerId, sq, x: e.clientX, y: e.clientY, piece: null, dragging: false, picked: false };
    if (controller.canPick(sq) && controller.selected !== sq) {
      // Select on press so a drag shows its destinations at once.
      controller.activate(sq);
      press.picked = true;
    }
    if (controller.canPick(sq)) {
      press.piece = cell.querySelector('.piece');
      // Only a press on a movable piece is kept from scrolling (touch-action covers the rest).
      e.preventDefault();
    }
    boardEl.setPointerCapture?.(e.pointerId);
  });

  boardEl.addEventListener('pointermove', (e) => {
    if (!press || e.pointerId !== press.id || !press.piece) return;
    const dx = e.clientX - press.x;
    const dy = e.clientY - press.y;
    if (!press.dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    press.dragging = true;
    press.piece.classList.add('is-dragging');
    press.piece.style.transform = `translate(${dx}px, ${dy}px)`;
  });

  const finish = (e, cancelled) => {
    if (!press || e.pointerId !== press.id) return;
    const p = press;
    press = null;
    boardEl.releasePointerCapture?.(e.pointerId);
    if (p.piece) {
      p.piece.classList.remove('is-dragging');
      p.piece.style.transform = '';
    }
    if (cancelled) return;
    if (p.dragging) {
      const target = view.squareFromPoint(e.clientX, e.clientY);
      if (target != null && target !== p.sq) controller.activate(target, { fromDrag: true });
      return;
    }
    if (!p.picked) controller.activate(p.sq);
  };
  boardEl.addEventListener('pointerup', (e) => finish(e, false));
  boardEl.addEventListener('pointercancel', (e) => finish(e, true));
  // No context menu or text selection from a long press on the board.
  boardEl.addEventListener('contextmenu', (e) => e.preventDefault());

  boardEl.addEventListener('keydown', (e) => {
    const cell = e.target.closest('[data-square]');
    if (!cell) return;
    const sq = Number(cell.dataset.square);
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      controller.activate(sq);
      return;
    }
    if (e.key === 'Escape') {
      controller.clearSelection();
      controller.redraw();
      return;
    }
    const next = view.neighbour(sq, e.key);
    if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      if (next != null) view.focus(next);
    }
  });
  boardEl.addEventListener('focusin', (e) => {
    const cell = e.target.closest('[data-square]');
    if (cell) view.setFocusable(Number(cell.dataset.square));
  });
}
