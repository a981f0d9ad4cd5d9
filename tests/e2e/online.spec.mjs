// Online play (www/online.js, www/rtc.js, crates/views/src/invite.rs): two browser contexts — two
// devices — on loopback, with no STUN server (the settings' list cleared, so nothing leaves the
// machine), connect by the links alone: the test reads input#invite-link, opens it in the second
// context, reads input#reply-link and opens it in the first. Then they play by taps on the phone
// viewport; both boards are compared after every move.

import { createRequire } from 'node:module';
import { test, expect } from './fixtures.mjs';
import { App, GIVE_AWAY, READY_TIMEOUT } from './helpers.mjs';
import { on, PHONE } from './devices.mjs';

const jsQR = createRequire(import.meta.url)('jsqr');

/** Six men a side: a game given away by both sides ends in a few dozen plies. */
const SMALL = 'W:W31,32,33,34,35,36:B15,16,17,18,19,20';

/** The second device: a fresh context on the phone viewport, its errors and requests watched. */
async function friendDevice(browser, site) {
  const context = await browser.newContext({ ...PHONE, baseURL: site.base });
  const page = await context.newPage();
  const seen = { errors: [], foreign: [] };
  page.on('pageerror', (e) => seen.errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && seen.errors.push(m.text()));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(site.origin) && !u.startsWith('data:') && !u.startsWith('blob:')) seen.foreign.push(u);
  });
  const app = new App(page, { touch: true, project: 'phone' });
  await app.open();
  return { context, page, app, seen };
}

/** Clears the ICE servers (settings): on loopback no STUN server is needed, or contacted. */
async function noServers(app) {
  await app.openSettings();
  await app.page.fill('#setting-ice', '');
  await app.page.locator('#setting-ice').dispatchEvent('change');
  await app.closeSettings();
}

const snap = (page) => page.evaluate(() => window.draughts.game.snapshot());
const status = (page) => page.locator('#online-status');

/**
 * A invites B to `terms` (new-game sheet choices) and they connect by the links alone; returns
 * the invitation and reply links.
 */
async function connect(a, b, { variant = 'international', clock = '', fen = SMALL, side = 'white' } = {}) {
  await a.app.openNewGame();
  await a.page.selectOption('#variant', variant);
  await a.page.selectOption('#opponent', 'online');
  await a.page.selectOption('#online-side', side);
  await a.page.selectOption('#clock', clock);
  if (clock === 'custom') {
    // A quarter of a minute each, nothing added (the custom clock's dialog).
    await a.page.fill('#clock-minutes', '0.25');
    await a.page.fill('#clock-increment', '0');
    await a.page.locator('#clock-dialog button[value="ok"]').click();
    await expect(a.page.locator('dialog#clock-dialog[open]')).toHaveCount(0);
  }
  if (fen) {
    await a.page.selectOption('#start-from', 'fen');
    await a.page.fill('#start-fen', fen);
  }
  await expect(a.page.locator('#new-game-start')).toBeHidden();
  await a.app.press('#play-online');
  const invite = a.page.locator('#invite-link');
  await expect(invite).toHaveValue(/#invite=/, { timeout: 15_000 });
  await expect(status(a.page)).toHaveAttribute('data-state', 'waiting');
  const inviteLink = await invite.inputValue();

  await b.page.goto(inviteLink);
  await expect(b.page.locator('dialog#online[open] #accept-invite')).toBeVisible();
  await expect(b.page.locator('#online-terms')).toContainText(side === 'white' ? 'Black' : 'White');
  await b.app.press('#accept-invite');
  const reply = b.page.locator('#reply-link');
  await expect(reply).toHaveValue(/#reply=/, { timeout: 15_000 });
  const replyLink = await reply.inputValue();

  await a.page.goto(replyLink);
  await expect(status(a.page)).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
  await expect(status(b.page)).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
  await expect(a.page.locator('dialog#online[open]')).toHaveCount(0);
  await expect(b.page.locator('dialog#online[open]')).toHaveCount(0);
  return { inviteLink, replyLink };
}

/** Whoever is to move plays a move by taps (GIVE_AWAY's pick); both pages then show the same. */
async function playOne(a, b) {
  const s = await snap(a.page);
  const mover = s.toMove === (await a.page.evaluate(() => window.draughts.controller.online.me)) ? a : b;
  const waiter = mover === a ? b : a;
  await mover.app.tapMove(GIVE_AWAY);
  // The friend's move has slid into place and the page shows it.
  const shown = (p) => window.draughts.controller.snap.ply === p && !window.draughts.controller.animating;
  await waiter.page.waitForFunction(shown, s.ply + 1, { timeout: 15_000 });
  const [x, y] = [await snap(a.page), await snap(b.page)];
  expect(y.fen, `the same board after ply ${s.ply + 1}`).toBe(x.fen);
  expect(y.status.result).toBe(x.status.result);
  return x;
}

test.describe('online play', on('phone'), () => {
  test.describe.configure({ timeout: 180_000 });
  let b;
  test.beforeEach(async ({ app, browser, site }) => {
    await app.open();
    await noServers(app);
    b = await friendDevice(browser, site);
    await noServers(b.app);
  });
  test.afterEach(async () => {
    expect(b.seen.errors, 'no errors on the friend page').toEqual([]);
    expect(b.seen.foreign, 'nothing leaves the origin on the friend page').toEqual([]);
    await b.context.close();
  });

  test('two devices connect by the links alone and play a game to its end by taps, 3+2', async ({ app, page }) => {
    const a = { app, page };
    const { inviteLink } = await connect(a, b, { clock: '180+2' });
    // Short enough to send in a message (a QR code holds it: see the next test).
    expect(inviteLink.length).toBeLessThan(400);

    // Both pages start the same game: the inviting page White, its friend Black.
    expect(await page.evaluate(() => window.draughts.controller.online.me)).toBe('white');
    expect(await b.page.evaluate(() => window.draughts.controller.online.me)).toBe('black');
    expect((await snap(b.page)).fen).toBe((await snap(page)).fen);
    await expect(page.locator('#clock-white')).toBeVisible();
    await expect(b.page.locator('#clock-black')).toBeVisible();
    // Not this page's turn: the friend's pieces cannot be moved here.
    expect(await b.page.evaluate(() => window.draughts.controller.inputBlocked())).toBe(true);

    let last;
    for (let i = 0; i < 200; i++) {
      last = await playOne(a, b);
      if (last.status.state !== 'ongoing') break;
      // The clocks shown on both pages stay within a second of each other.
      const [ca, cb] = await Promise.all([page, b.page].map((p) => p.evaluate(() => window.draughts.game.clock(performance.now()))));
      for (const side of ['white', 'black']) expect(Math.abs(ca[side] - cb[side]), `${side}'s clock`).toBeLessThan(1000);
    }
    expect(last.status.state).not.toBe('ongoing');
    await expect(page.locator('dialog#result[open]')).toHaveCount(1);
    await expect(b.page.locator('dialog#result[open]')).toHaveCount(1);
    expect(await page.locator('#result-reason').innerText()).not.toBe('');
    // Each page tells the result to its own player: one wins, the other loses.
    const titles = [await page.locator('#result-title').innerText(), await b.page.locator('#result-title').innerText()];
    expect(titles.sort()).toEqual(['You lose', 'You win']);
  });

  test('the QR code decodes to the invitation link', async ({ app, page }) => {
    await app.openNewGame();
    await page.selectOption('#opponent', 'online');
    await app.press('#play-online');
    await expect(page.locator('#invite-link')).toHaveValue(/#invite=/, { timeout: 15_000 });
    const link = await page.locator('#invite-link').inputValue();
    const image = await page.evaluate(async () => {
      const svg = document.querySelector('#online-qr svg').outerHTML;
      const img = new Image();
      img.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      await img.decode();
      const size = 400;
      const canvas = Object.assign(document.createElement('canvas'), { width: size, height: size });
      const ctx = canvas.getContext('2d');
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(img, 0, 0, size, size);
      return { size, data: [...ctx.getImageData(0, 0, size, size).data] };
    });
    const code = jsQR(Uint8ClampedArray.from(image.data), image.size, image.size);
    expect(code?.data).toBe(link);
    await expect(page.locator('#online-servers')).toContainText('No server');
  });

  test('a reply opened in another tab of the inviting device reaches the inviting tab; damaged links are refused in words', async ({ app, page, context }) => {
    await app.openNewGame();
    await page.selectOption('#opponent', 'online');
    await app.press('#play-online');
    await expect(page.locator('#invite-link')).toHaveValue(/#invite=/, { timeout: 15_000 });
    const invite = await page.locator('#invite-link').inputValue();
    // A damaged invitation: refused in words on the friend's page, which changes nothing.
    const before = (await snap(b.page)).fen;
    await b.page.goto(invite.slice(0, -6) + 'AAAAAA');
    await expect(b.page.locator('#message-text')).toContainText('damaged');
    await expect(b.page.locator('dialog#online[open]')).toHaveCount(0);
    expect((await snap(b.page)).fen).toBe(before);
    await b.page.goto(invite);
    await b.app.press('#accept-invite');
    await expect(b.page.locator('#reply-link')).toHaveValue(/#reply=/, { timeout: 15_000 });
    const reply = await b.page.locator('#reply-link').inputValue();
    // A damaged reply pasted into the invitation: refused there, in words.
    await page.fill('#online-paste', reply.replace('#reply=', '#reply=x'));
    await expect(page.locator('#online-error')).toContainText('damaged');
    await expect(status(page)).toHaveAttribute('data-state', 'waiting');
    // The reply opened in another tab of the same device: handed to the inviting tab.
    const other = await context.newPage();
    await other.goto(reply);
    await expect(other.locator('#message-text')).toContainText('went to the tab that invited');
    await expect(status(page)).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    await expect(status(b.page)).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    expect((await snap(b.page)).fen).toBe((await snap(page)).fen);
    // Opened again, when no tab waits for it any more: told so.
    const late = await context.newPage();
    await late.goto(reply);
    await expect(late.locator('#message-text')).toContainText('No invitation of this device is waiting');
  });

  test('the ICE servers are the settings\' and are used only once online play starts', async ({ app, page }) => {
    // Every peer connection the page makes is recorded (and given no server, so nothing leaves).
    await page.addInitScript(() => {
      const Real = window.RTCPeerConnection;
      window.peerConfigs = [];
      window.RTCPeerConnection = function (config) {
        window.peerConfigs.push(config?.iceServers ?? null);
        return new Real({ ...config, iceServers: [] });
      };
      window.RTCPeerConnection.prototype = Real.prototype;
    });
    await app.openSettings();
    await expect(page.locator('#setting-ice')).toHaveValue('');
    await page.fill('#setting-ice', 'nonsense');
    await page.locator('#setting-ice').dispatchEvent('change');
    await expect(page.locator('#setting-ice-error')).toContainText('nonsense');
    await page.fill('#setting-ice', 'stun:stun.example.org:3478\nturn:turn.example.org:3478 ann secret');
    await page.locator('#setting-ice').dispatchEvent('change');
    await expect(page.locator('#setting-ice-error')).toBeHidden();
    await app.closeSettings();
    await app.reload();
    // Playing, opening the sheet and the library: no peer connection, so no server contacted.
    await app.newGame({ opponent: 'human' });
    await app.tapMove();
    await app.openNewGame();
    await page.selectOption('#opponent', 'online');
    expect(await page.evaluate(() => window.peerConfigs)).toEqual([]);
    await app.press('#play-online');
    await expect(page.locator('#invite-link')).toHaveValue(/#invite=/, { timeout: 15_000 });
    expect(await page.evaluate(() => window.peerConfigs)).toEqual([
      [{ urls: 'stun:stun.example.org:3478' }, { urls: 'turn:turn.example.org:3478', username: 'ann', credential: 'secret' }],
    ]);
    await expect(page.locator('#online-servers')).toContainText('stun:stun.example.org:3478');
    // The default is shown and can be put back.
    await page.locator('#online-close').click();
    await app.openSettings();
    await app.press('#setting-ice-default');
    await expect(page.locator('#setting-ice')).toHaveValue('stun:stun.l.google.com:19302');
  });

  test('a forged move is refused on both sides and changes nothing; draw, takeback and rematch round-trip', async ({ app, page }) => {
    const a = { app, page };
    await connect(a, b, { fen: '' });
    await playOne(a, b); // White
    await playOne(a, b); // Black
    const before = [(await snap(page)).fen, (await snap(b.page)).fen];
    // The friend's page (a test hook) sends a move for a ply that is not now, then an illegal one.
    await b.page.evaluate(() => window.draughts.online.send0({ t: 'move', i: 0, ply: 7, key: '0000000000000000', left: 1 }));
    await expect(page.locator('#message-text')).toContainText('ply 7');
    await expect(b.page.locator('#message-text')).toContainText('refused');
    await b.page.evaluate(() => window.draughts.online.send0({ t: 'move', i: 99, ply: 2, key: 'x' }));
    await expect(page.locator('#message-text')).toContainText('not their turn');
    expect([(await snap(page)).fen, (await snap(b.page)).fen]).toEqual(before);

    // Takeback: White (A) asks after Black's reply; Black accepts: both back to ply 1... and 0.
    await app.press('#undo');
    await expect(b.page.locator('dialog#confirm[open]')).toContainText('take back');
    await b.app.press('#confirm-yes');
    await expect.poll(() => page.evaluate(() => window.draughts.game.snapshot().ply)).toBe(0);
    await expect.poll(() => b.page.evaluate(() => window.draughts.game.snapshot().ply)).toBe(0);
    expect((await snap(b.page)).fen).toBe((await snap(page)).fen);
    await playOne(a, b);
    // A takeback declined changes nothing.
    await app.press('#undo');
    await b.app.press('#confirm-no');
    await expect(page.locator('#message-text')).toContainText('declined the takeback');
    expect((await snap(page)).ply).toBe(1);

    // Draw offered by Black (B), accepted by White: both pages end in a draw by agreement.
    await b.app.press('#offer-draw');
    await expect(page.locator('dialog#confirm[open]')).toContainText('draw');
    await app.press('#confirm-yes');
    for (const p of [page, b.page]) await expect.poll(() => p.evaluate(() => window.draughts.game.snapshot().status.reason)).toBe('agreement');

    // Rematch with colours swapped: A now plays Black.
    await expect(b.page.locator('#rematch')).toBeVisible();
    await b.app.press('#rematch');
    await expect(page.locator('dialog#confirm[open]')).toContainText('rematch');
    await app.press('#confirm-yes');
    await expect.poll(() => page.evaluate(() => window.draughts.controller.online.me)).toBe('black');
    await expect.poll(() => b.page.evaluate(() => window.draughts.controller.online.me)).toBe('white');
    for (const p of [page, b.page]) await expect.poll(() => p.evaluate(() => window.draughts.game.snapshot().ply)).toBe(0);
    await playOne(a, b);
    expect((await snap(page)).ply).toBe(1);
    // A resigns the rematch: both pages end it, Black (A) resigned.
    await app.press('#resign');
    await app.press('#confirm-yes');
    for (const p of [page, b.page]) {
      await expect.poll(() => p.evaluate(() => window.draughts.game.snapshot().status.winner)).toBe('white');
      await expect.poll(() => p.evaluate(() => window.draughts.game.snapshot().status.reason)).toBe('resignation');
    }
    // Both games are in the library as online games.
    await app.press('#result-close');
    await app.openLibrary();
    await expect(page.locator('#library .library-sub').first()).toContainText('Online');
  });

  test('a flag is called by the page that keeps that time, and both pages agree on the result', async ({ app, page }) => {
    const a = { app, page };
    await connect(a, b, { clock: 'custom' });
    await playOne(a, b); // White's first move (not timed)
    await playOne(a, b); // Black's: White's 15 seconds run on White's page
    for (const p of [page, b.page]) {
      await expect.poll(() => p.evaluate(() => window.draughts.game.snapshot().status.reason), { timeout: 40_000 }).toBe('time');
    }
    const [x, y] = [await snap(page), await snap(b.page)];
    expect(y.status.result).toBe(x.status.result);
    expect(x.status.winner).toBe('black');
    await expect(page.locator('#result-title')).toHaveText('You lose on time');
    await expect(b.page.locator('#result-title')).toHaveText('You win on time');
  });

  test('a dropped game can go on by correspondence links', async ({ app, page }) => {
    const a = { app, page };
    await connect(a, b, { clock: '' });
    await playOne(a, b);
    await b.page.close();
    await expect(status(page)).toHaveAttribute('data-state', 'disconnected', { timeout: 40_000 });
    await app.press('#online-by-links');
    await expect(page.locator('dialog#share-dialog[open]')).toHaveCount(1);
    await expect(page.locator('#share-link')).toHaveValue(/#v=international/);
    await page.locator('#share-close').click();
    // No longer online: the status line goes, and the side to move can move here.
    await expect(status(page)).toBeHidden();
    expect(await page.evaluate(() => window.draughts.controller.online)).toBe(null);
    await app.tapMove();
    expect((await snap(page)).ply).toBe(2);
    b.page = await b.context.newPage(); // for afterEach's checks
  });

  test('a page closed mid-game: the other shows disconnected, both libraries keep the game, and a new exchange resumes at the same ply', async ({ app, page, browser, site }) => {
    const a = { app, page };
    await connect(a, b, { clock: '180+2' });
    for (let i = 0; i < 3; i++) await playOne(a, b);
    const ply = (await snap(page)).ply;
    await b.page.close();
    await expect(status(page)).toHaveAttribute('data-state', 'disconnected', { timeout: 40_000 });
    await expect(page.locator('#online-reconnect')).toBeVisible();
    // The clocks wait while the connection is down, and nobody can move.
    await expect.poll(() => page.evaluate(() => window.draughts.game.clock(performance.now()).state)).toBe('paused');
    expect(await page.evaluate(() => window.draughts.controller.inputBlocked())).toBe(true);

    // The friend's device opens the page again: the game is in its library, disconnected.
    b.page = await b.context.newPage();
    b.page.on('pageerror', (e) => b.seen.errors.push(e.message));
    b.app = new App(b.page, { touch: true, project: 'phone' });
    await b.app.open();
    expect((await snap(b.page)).ply).toBe(ply);
    await expect(status(b.page)).toHaveAttribute('data-state', 'disconnected');
    const rows = await b.page.evaluate(async () => (await window.draughts.storage.findOnline(window.draughts.controller.online.session)) != null);
    expect(rows).toBe(true);
    expect(await page.evaluate(async () => (await window.draughts.storage.findOnline(window.draughts.controller.online.session)) != null)).toBe(true);

    // A new exchange of links, started from the first page: the game goes on at the same ply.
    await app.press('#online-reconnect');
    await expect(page.locator('#invite-link')).toHaveValue(/#invite=/, { timeout: 15_000 });
    await b.page.goto(await page.locator('#invite-link').inputValue());
    await expect(b.page.locator('#online-step')).toContainText('go on');
    await b.app.press('#accept-invite');
    await expect(b.page.locator('#reply-link')).toHaveValue(/#reply=/, { timeout: 15_000 });
    await page.goto(await b.page.locator('#reply-link').inputValue());
    await expect(status(page)).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    await expect(status(b.page)).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    expect((await snap(page)).ply).toBe(ply);
    expect((await snap(b.page)).fen).toBe((await snap(page)).fen);
    // Both clocks run again, on both pages (the reopened page's clock came back paused).
    for (const p of [page, b.page]) await expect.poll(() => p.evaluate(() => window.draughts.game.clock(performance.now()).state)).toBe('running');
    await playOne(a, b);
  });
});
