// Undo, redo, and the game saved across a reload.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** 1. 32-28 19-23 2. 28x19: Black to move, 19 black pieces. */
const OPENING = [
  [32, 28],
  [19, 23],
  [28, 19],
];

test.describe('undo, redo and reload', on('desktop', 'phone'), () => {
  test('undo and redo', async ({ app }) => {
    await app.open();
    await app.play(OPENING);
    await app.count('black', 19);
    const after = await app.fen();
    await app.press('#undo');
    await app.count('black', 20);
    expect(await app.text('#turn'), 'White to move after undo').toContain('White');
    await app.press('#redo');
    await app.count('black', 19);
    expect(await app.fen(), 'redo restores the position').toBe(after);
    expect(await app.text('#turn'), 'Black to move after redo').toContain('Black');
  });

  test('reload restores the game', async ({ app }) => {
    await app.open();
    await app.play(OPENING);
    const before = await app.fen();
    const moves = await app.text('#moves');
    await app.reload();
    expect(await app.fen(), 'same position after reload').toBe(before);
    expect(await app.text('#moves'), 'same move list after reload').toBe(moves);
  });
});
