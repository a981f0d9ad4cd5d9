// Lessons (button#learn, lessons.js and the study module): a whole lesson finished by taps, in
// Frisian (the page in English) and in Turkish (the page in Turkish), one wrong move in each
// answered in the rule's words, and the game in progress exactly as it was afterwards.
//
// Each step's move comes from the study module itself (`lesson.answers`: the indices its rule
// accepts, checked natively against the move generator by crates/views/tests/lessons.rs), never
// from the page's text; the test plays it by taps as a player would.
import { on } from './devices.mjs';
import { expect, test } from './fixtures.mjs';

/** Finishes `variant`'s lesson; `wrongFirst`: a wrong move before the first step that allows one. */
async function finish(app, page, variant, { wrongText }) {
  await app.press('#learn');
  await expect(page.locator('#lesson')).toBeVisible();
  await app.press(`#lesson [data-variant="${variant}"]`);
  let wrongDone = false;
  for (let guard = 0; guard < 30; guard++) {
    const state = await page.getAttribute('#lesson', 'data-step');
    if (state === 'complete') break;
    const step = await app.lessonStep();
    expect(Number(state)).toBe(step.k + 1);
    await expect(page.locator('#lesson .lesson-progress')).not.toBeEmpty();
    if (step.task === 'read') {
      await app.press('#lesson-next');
      continue;
    }
    expect(step.answers.length, 'a step to play has an answer').toBeGreaterThan(0);
    const wrong = step.legal.find((m) => !step.answers.includes(m.index));
    if (wrong && !wrongDone) {
      await app.press(app.sel(wrong.from));
      await app.press(app.sel(wrong.to));
      await expect(page.locator('#lesson .lesson-said')).toHaveAttribute('data-right', 'false');
      await expect(page.locator('#lesson .lesson-said')).toContainText(wrongText);
      await app.shot(`lesson-${variant}-wrong`);
      wrongDone = true;
    }
    const move = step.legal[step.answers[0]];
    await app.press(app.sel(move.from));
    await app.press(app.sel(move.to));
    await expect(page.locator('#lesson .lesson-said')).toHaveAttribute('data-right', 'true');
    await app.press('#lesson-next');
  }
  expect(wrongDone, 'one wrong move was tried').toBe(true);
  await expect(page.locator('#lesson')).toHaveAttribute('data-step', 'complete');
  await app.shot(`lesson-${variant}-complete`);
  await app.press('#lesson-leave');
  await expect(page.locator('#lesson')).toBeHidden();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('draughts.lessons')))).toContain(variant);
}

/** A game in progress: two moves played by taps; what it is before the lesson. */
async function gameInProgress(app, page) {
  await app.open();
  await app.play([
    [32, 28],
    [19, 23],
  ]);
  return { fen: await app.fen(), moves: await app.history(), squares: await page.locator('#board [data-square]').count() };
}

async function expectUnchanged(app, page, before) {
  expect(await app.fen(), 'the game in progress is unchanged').toBe(before.fen);
  expect(await app.history()).toEqual(before.moves);
  await expect(page.locator('#board [data-square]')).toHaveCount(before.squares);
  await expect(page.locator('#moves [data-ply]')).toHaveCount(before.moves.length);
  await expect(app.sq(28).locator('.piece.white.man')).toHaveCount(1);
}

test.describe('lessons', on('phone'), () => {
  test('the Frisian lesson, finished by taps; the game in progress is unchanged', async ({ app, page }) => {
    const before = await gameInProgress(app, page);
    await finish(app, page, 'frisian', { wrongText: 'Not that move.' });
    await expectUnchanged(app, page, before);
  });

  test.describe('in Turkish', () => {
    test.use({ locale: 'tr' });
    test('the Turkish lesson, in Turkish, finished by taps; the game in progress is unchanged', async ({ app, page }) => {
      const before = await gameInProgress(app, page);
      await finish(app, page, 'turkish', { wrongText: 'Bu hamle değil.' });
      await expectUnchanged(app, page, before);
    });
  });
});
