// Playing a friend on another device, live, with no server of ours (loaded when first used).
//
// The invitation: the inviting page makes a WebRTC offer (rtc.js) and shows it as a link and a
// QR code (`#invite=…`, written by the online module: crates/views/src/invite.rs, with the game's
// terms: variant, colours, clock, start position). The friend's page shows the terms; accepting
// answers with a reply link and code (`#reply=…`). The reply opened on the inviting device — in
// the inviting tab (pasted, or its hash), or in another tab, which hands it over through a
// BroadcastChannel — connects the two. Then both pages start the same game, each as a new entry
// of its library, the friend's side played on the friend's page.
//
// The game over the channel (JSON messages): each move as its index among the legal moves, the
// ply it was played at, the key of the position after it and the mover's time by its own clock;
// the receiving engine plays it only if all of that holds (game.playRemote), else the move is
// refused, reported on both pages and nothing changes. Draw offers, takebacks and rematches are
// asked and answered; resignations told. Each page keeps its own player's time and calls its own
// flag; the other page shows the friend's time and, if it stays at zero past a grace, asks.
//
// A dropped connection pauses the clocks and keeps the game (it is in both libraries); either
// player can reconnect (a new exchange of links for the same game: the pages compare their
// positions and the one a move behind gets it again) or go on by correspondence links.
//
//   #online-status[data-state]   waiting | connecting | connected | disconnected (the panel)
//   dialog#online                the invitation, the friend's acceptance and the reply

import * as game from './game.js';
import * as engine from './engine.js';
import { errorText, say, sideName, t, translatePage, variantTitle } from './i18n.js';
import { confirmDialog } from './dialogs.js';
import { Peer } from './rtc.js';
import { wasmModule } from './lazy-wasm.js';
import { iceServers, iceText } from './settings.js';

const $ = (id) => document.getElementById(id);
const other = (c) => (c === 'white' ? 'black' : 'white');
/** Tabs of this device hand replies to the tab that invited. */
const CHANNEL = 'draughts-online';
/** How long the friend's time may show zero here before this page asks the friend's page. */
const GRACE_MS = 3000;

let module = null;
/** The online module (links and QR codes), loaded once; kept in `module` for synchronous calls. */
const links = async () => (module = await wasmModule('online'));

/** 16 random hex digits: names an online game across its links and reconnections. */
function newSession() {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const DIALOG = `
<form method="dialog" class="online-form new-game-form">
  <div class="sheet-head">
    <h2 id="online-title" data-i18n="online.title">Play a friend online</h2>
    <span class="sheet-head-buttons"><button type="button" id="online-close" data-i18n="share-close">Close</button></span>
  </div>
  <p id="online-terms" class="online-terms"></p>
  <p id="online-step" class="dialog-note"></p>
  <div id="online-qr" class="online-qr" role="img" hidden></div>
  <input id="invite-link" class="online-link" type="text" readonly spellcheck="false" hidden aria-label="Invitation" data-i18n-aria-label="online.invite-link">
  <input id="reply-link" class="online-link" type="text" readonly spellcheck="false" hidden aria-label="Reply" data-i18n-aria-label="online.reply-link">
  <div class="dialog-buttons" id="online-send" hidden>
    <button type="button" id="online-share" class="primary" data-i18n="online.share">Send the link…</button>
    <button type="button" id="online-copy" data-i18n="share-copy">Copy link</button>
  </div>
  <div class="dialog-buttons" id="online-answer" hidden>
    <button type="button" id="accept-invite" class="primary" data-i18n="online.accept">Accept and reply</button>
    <button type="button" id="decline-invite" data-i18n="button.decline">Decline</button>
  </div>
  <label class="sheet-field" id="online-paste-row" hidden><span data-i18n="online.paste">Your friend's reply (paste it here, or open it on this device)</span>
    <input id="online-paste" type="text" spellcheck="false" autocomplete="off" placeholder="https://…#reply=…"></label>
  <p class="error" id="online-error" role="alert" hidden></p>
  <p class="dialog-note" id="online-servers"></p>
</form>`;

const STATUS = `
<span class="online-dot" aria-hidden="true"></span>
<span id="online-status-text" class="online-status-text"></span>
<button type="button" id="online-reconnect" data-i18n="online.reconnect" hidden>Reconnect</button>
<button type="button" id="online-by-links" data-i18n="online.by-links" hidden>Go on by links</button>`;

export class Online {
  /**
   * `start(choices, pending)`: main.js' way to start a game (its opponent and clock); `share()`:
   * opens the Share dialog (links by correspondence).
   */
  constructor({ controller, panels, storage, clocks, computer, analyst, start, share, openGame }) {
    this.c = controller;
    this.panels = panels;
    this.storage = storage;
    this.clocks = clocks;
    this.computer = computer;
    this.analyst = analyst;
    this.startGame = start;
    this.share = share;
    this.openGame = openGame;
    this.peer = null;
    this.session = null;
    this.role = null; // 'inviter' | 'invitee'
    this.terms = null; // { variant, inviter, clock, clockLabel, start, resumePly }
    this.pending = null; // the game both pages start once connected (a new game)
    this.link = ''; // the link shown (invitation or reply)
    this.asked = {}; // what this page asked and waits for: { draw, takeback: ply, rematch: session }
    this.lastSent = null; // the last move sent (sent again if the friend missed it)
    this.claimTimer = 0;
    this.build();
    this.bus = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    if (this.bus) this.bus.onmessage = (e) => this.heard(e.data);
    controller.onChange((e) => this.changed(e));
    document.addEventListener('draughts:clock-flag', (e) => this.flagged(e.detail.side));
    addEventListener('pagehide', () => this.peer?.send({ t: 'bye' }));
    this.showStatus();
  }

  // ----- the page's parts: the dialog, the status line, the rematch button -----

  build() {
    const dialog = document.createElement('dialog');
    dialog.id = 'online';
    dialog.className = 'online-dialog new-game-sheet';
    dialog.setAttribute('aria-labelledby', 'online-title');
    dialog.innerHTML = DIALOG;
    document.body.append(dialog);
    const status = document.createElement('div');
    status.id = 'online-status';
    status.className = 'online-status';
    status.setAttribute('role', 'status');
    status.hidden = true;
    status.innerHTML = STATUS;
    document.querySelector('.panel .state').after(status);
    const rematch = document.createElement('button');
    rematch.type = 'button';
    rematch.id = 'rematch';
    rematch.dataset.i18n = 'online.rematch';
    rematch.hidden = true;
    $('result-new-game').after(rematch);
    translatePage(dialog);
    translatePage(status);
    translatePage(rematch.parentElement);

    $('online-close').addEventListener('click', () => dialog.close());
    $('online-copy').addEventListener('click', () => this.copy());
    $('online-share').addEventListener('click', () => this.send());
    $('accept-invite').addEventListener('click', () => this.accept());
    $('decline-invite').addEventListener('click', () => this.decline());
    $('online-paste').addEventListener('input', () => {
      const text = $('online-paste').value.trim();
      if (text) this.open(text, { pasted: true });
    });
    $('online-reconnect').addEventListener('click', () => this.reconnect());
    $('online-by-links').addEventListener('click', () => this.byLinks());
    rematch.addEventListener('click', () => this.offerRematch());
  }

  /** `#online-status`: its state for tests and styles, its words for the player. */
  showStatus(state = this.state()) {
    const el = $('online-status');
    const online = !!this.c.online || !!this.peer;
    el.hidden = !online;
    // While the game goes on, no engine help (analysis, hints): the friend plays alone too.
    document.body.classList.toggle('is-online', !!this.c.online && this.c.isOngoing());
    el.dataset.state = state;
    const me = this.c.online?.me ?? this.myColor();
    $('online-status-text').textContent = t(`online.state.${state}`, { side: me ? sideName(me) : '' });
    const dropped = state === 'disconnected' && !!this.c.online && this.c.isOngoing();
    $('online-reconnect').hidden = !dropped;
    $('online-by-links').hidden = !dropped;
    $('rematch').hidden = !(this.c.online && state === 'connected');
    this.computer.updateHintButton?.();
  }

  state() {
    const s = this.peer?.state;
    if (s === 'connected') return 'connected';
    if (s === 'connecting') return 'connecting';
    if (this.peer && s === 'new') return 'waiting';
    return 'disconnected';
  }

  myColor() {
    if (!this.terms) return null;
    return this.role === 'inviter' ? this.terms.inviter : other(this.terms.inviter);
  }

  servers() {
    return iceText(this.storage);
  }

  showDialog({ step, link = '', kind = '', answer = false, paste = false, error = '' }) {
    const d = $('online');
    const terms = this.terms;
    if (terms) {
      const variant = variantTitle(engine.variantInfo(terms.variant));
      const clock = terms.clock ? terms.clockLabel || terms.clock : t('clock.none');
      $('online-terms').textContent = t('online.terms', { variant, clock, side: sideName(this.myColor()) });
    }
    $('online-step').textContent = step;
    $('invite-link').hidden = kind !== 'invite';
    $('reply-link').hidden = kind !== 'reply';
    // No link of a previous exchange left to copy while the next is prepared.
    $('invite-link').value = kind === 'invite' ? link : '';
    $('reply-link').value = kind === 'reply' ? link : '';
    $('online-send').hidden = !link;
    $('online-share').hidden = typeof navigator.share !== 'function';
    $('online-answer').hidden = !answer;
    $('online-paste-row').hidden = !paste;
    $('online-paste').value = '';
    $('online-error').textContent = error;
    $('online-error').hidden = !error;
    const servers = this.servers().trim();
    $('online-servers').textContent = servers ? t('online.servers', { servers: servers.split('\n').join(', ') }) : t('online.no-servers');
    const qr = $('online-qr');
    qr.hidden = !link;
    qr.textContent = '';
    if (link && module) {
      qr.innerHTML = module.qrSvg(link);
      qr.setAttribute('aria-label', t('online.qr'));
    }
    if (!d.open) d.showModal();
  }

  // ----- inviting -----

  /** Invites a friend to the game the new-game sheet describes (`choices`, `pending`). */
  async invite(choices, pending) {
    const me = choices.onlineSide === 'random' ? (crypto.getRandomValues(new Uint8Array(1))[0] & 1 ? 'black' : 'white') : choices.onlineSide || 'white';
    this.close();
    this.role = 'inviter';
    this.session = newSession();
    this.pending = pending;
    const start = choices.start === 'standard' ? null : pending.fen;
    this.terms = { variant: pending.variant, inviter: me, clock: choices.clock, clockLabel: choices.clockLabel, start, resumePly: 0 };
    await this.offer();
  }

  /** A new exchange of links for the online game shown (its connection dropped). */
  async reconnect() {
    const o = this.c.online;
    if (!o) return;
    this.close();
    this.role = 'inviter';
    this.session = o.session;
    this.pending = null;
    const clock = this.clocks.control;
    this.terms = { variant: this.c.snap.variant, inviter: o.me, clock, clockLabel: this.clocks.label, start: null, resumePly: this.c.snap.ply };
    await this.offer();
  }

  async offer() {
    this.showDialog({ step: t('online.preparing') });
    let offer;
    try {
      await links();
      this.peer = this.newPeer();
      offer = await this.peer.offer();
      const tm = this.terms;
      this.link = this.url(module.inviteLink(this.session, tm.variant, tm.inviter, tm.clock || undefined, tm.start || undefined, tm.resumePly, offer));
    } catch (e) {
      this.close();
      this.showDialog({ step: '', error: t('online.failed', { error: errorText(e) }) });
      return;
    }
    this.showStatus('waiting');
    this.showDialog({ step: t('online.send-invite'), link: this.link, kind: 'invite', paste: true });
  }

  url(fragment) {
    return location.href.split('#')[0] + fragment;
  }

  newPeer() {
    let servers;
    try {
      servers = iceServers(this.servers());
    } catch (e) {
      throw new Error(t('online.bad-server', { server: e.message }));
    }
    return new Peer({ iceServers: servers, onMessage: (m) => this.receive(m), onState: (s) => this.peerState(s) });
  }

  // ----- links opened or pasted -----

  /** Opens an invitation or a reply (the page's hash, a pasted link). */
  async open(text, { pasted = false } = {}) {
    let link;
    try {
      await links();
      link = module.readLink(text);
    } catch (e) {
      if (pasted) {
        $('online-error').textContent = errorText(e);
        $('online-error').hidden = false;
      } else {
        this.panels.message(errorText(e), 'error', 0);
      }
      return false;
    }
    if (link.kind === 'reply') return this.reply(link, text);
    return this.invited(link);
  }

  /** A reply: for this tab's invitation, or handed to the tab of this device that invited. */
  async reply(link, text) {
    if (this.role === 'inviter' && this.peer && link.session === this.session) {
      try {
        await this.peer.accept(link.sdp);
      } catch (e) {
        this.showDialog({ step: '', error: errorText(e) });
        return false;
      }
      this.showStatus('connecting');
      this.showDialog({ step: t('online.connecting') });
      return true;
    }
    // Another tab of this device may be waiting for it.
    const taken = await this.handOver(link.session, text);
    this.panels.message(t(taken ? 'online.handed-over' : 'online.no-invitation'), taken ? 'info' : 'error', 0);
    return false;
  }

  handOver(session, text) {
    if (!this.bus) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (ok) => {
        clearTimeout(timer);
        this.bus.removeEventListener('message', hear);
        resolve(ok);
      };
      const hear = (e) => e.data?.t === 'taken' && e.data.session === session && done(true);
      const timer = setTimeout(() => done(false), 1500);
      this.bus.addEventListener('message', hear);
      this.bus.postMessage({ t: 'reply', session, text });
    });
  }

  /** Another tab of this device opened a reply: this tab's, if it invited. */
  async heard(msg) {
    if (msg?.t !== 'reply' || msg.session !== this.session || this.role !== 'inviter' || this.peer?.state !== 'new') return;
    this.bus.postMessage({ t: 'taken', session: msg.session });
    await this.open(msg.text);
  }

  /** An invitation: its terms shown, to accept or decline. */
  async invited(link) {
    const tm = link.terms;
    this.close();
    this.role = 'invitee';
    this.session = link.session;
    this.offerSdp = link.sdp;
    this.terms = { ...tm, clockLabel: tm.clock ? clockLabel(tm.clock) : '' };
    this.pending = null;
    if (tm.resumePly > 0) {
      // A game this device has: it is opened from the library, to go on where it stopped.
      const id = await this.storage.findOnline(link.session);
      if (!id || !(await this.openGame(id))) {
        this.showDialog({ step: '', error: t('online.resume-unknown') });
        return false;
      }
      this.showDialog({ step: t('online.resume-terms', { number: this.c.snap.moveNumber }), answer: true });
      return true;
    }
    try {
      this.pending = tm.start ? game.fromFen(tm.start, tm.variant) : game.newGame(tm.variant);
    } catch (e) {
      this.showDialog({ step: '', error: errorText(e) });
      return false;
    }
    this.showDialog({ step: t('online.invited'), answer: true });
    return true;
  }

  async accept() {
    this.showDialog({ step: t('online.preparing') });
    try {
      this.peer = this.newPeer();
      const answer = await this.peer.answer(this.offerSdp);
      this.link = this.url(module.replyLink(this.session, answer));
    } catch (e) {
      this.close();
      this.showDialog({ step: '', error: t('online.failed', { error: errorText(e) }) });
      return;
    }
    this.showStatus('connecting');
    this.showDialog({ step: t('online.send-reply'), link: this.link, kind: 'reply' });
  }

  decline() {
    this.close();
    this.pending?.drop();
    this.pending = null;
    $('online').close();
  }

  async send() {
    try {
      await navigator.share({ title: t('online.title'), url: this.link });
    } catch {
      /* closed or refused: the link stays shown */
    }
  }

  async copy() {
    const input = this.role === 'inviter' ? $('invite-link') : $('reply-link');
    try {
      await navigator.clipboard.writeText(input.value);
      $('online-step').textContent = t('share.copied');
    } catch {
      input.hidden = false;
      input.select();
    }
  }

  // ----- the connection -----

  peerState(state) {
    if (state === 'connected') this.connected();
    else if (state === 'disconnected') this.dropped();
    this.showStatus();
  }

  /** The channel is open: a new game starts on both pages, or the game goes on. */
  connected() {
    $('online').close();
    const me = this.myColor();
    if (this.pending) {
      const pending = this.pending;
      this.pending = null;
      const tm = this.terms;
      this.startGame({ opponent: 'human', clock: tm.clock || '', clockLabel: tm.clockLabel || '' }, pending, {
        kind: 'online',
        online: { session: this.session, me },
      });
      this.c.setFlipped(me === 'black');
    }
    this.live(true);
    if (this.analyst.on) $('analysis').click(); // no engine help in a game against a friend
    this.send0({ t: 'hello', session: this.session, ply: this.c.snap.ply, key: game.key() });
    this.panels.message(t('online.connected', { side: sideName(me) }), 'info');
  }

  /** The connection dropped: the clocks wait, the game stays; reconnect or go on by links. */
  dropped() {
    clearTimeout(this.claimTimer);
    this.live(false);
    if (this.c.online && this.c.isOngoing() && this.clocks.state() === 'running') this.clocks.pause(true);
    if (this.c.online) this.panels.message(t('online.dropped'), 'error', 0);
  }

  /** Whether this player can move (the channel is open). */
  live(on) {
    this.c.onlineLive = on;
    this.c.redraw();
  }

  /** Ends this page's side of the connection (the game stays as it is). */
  close() {
    this.peer?.close();
    this.peer = null;
    clearTimeout(this.claimTimer);
  }

  /** Online play ends here: the game goes on as a two-player game, by links. */
  byLinks() {
    const me = this.c.online.me;
    this.close();
    this.c.online = null;
    game.setRemote(null);
    this.panels.setFriend(null);
    this.showStatus();
    this.c.redraw();
    // A correspondence game of the library from now on, this player's side kept: the friend's
    // turn, the link goes now; this player's, after their move (Share).
    if (this.c.snap.toMove === me) {
      this.storage.correspond(me, '');
      this.panels.message(t('online.by-links-your-move'), 'info', 0);
    } else {
      this.share();
    }
  }

  send0(msg) {
    return this.peer?.send(msg) ?? false;
  }

  // ----- the game over the channel -----

  /** After each change of the game here: this player's move or decision goes to the friend. */
  changed({ cause, move }) {
    const o = this.c.online;
    this.showStatus();
    if (!o) return;
    this.watchClaim();
    if (cause === 'move' && move) {
      const s = this.c.snap;
      const v = game.clock(performance.now());
      const msg = { t: 'move', i: move.index, ply: s.ply - 1, key: game.key(), left: v ? v[o.me] : null };
      this.lastSent = msg;
      this.send0(msg);
    }
  }

  /** This page's clock called this player's flag: the friend's page is told. */
  flagged(side) {
    if (this.c.online && side === this.c.online.me) this.send0({ t: 'flag', side });
  }

  /**
   * The friend's time at zero here: after a grace (the move may be on its way), this page asks
   * the friend's page, which calls its own flag.
   */
  watchClaim() {
    clearTimeout(this.claimTimer);
    const o = this.c.online;
    if (!o || !this.c.isOngoing() || this.c.snap.toMove === o.me || this.peer?.state !== 'connected') return;
    const v = game.clock(performance.now());
    const left = v?.[other(o.me)];
    if (left == null || v.state !== 'running') return;
    this.claimTimer = setTimeout(() => {
      this.send0({ t: 'flag-claim' });
      this.watchClaim();
    }, left + GRACE_MS);
  }

  async receive(msg) {
    const o = this.c.online;
    try {
      switch (msg.t) {
        case 'hello':
          return this.hello(msg);
        case 'move':
          return await this.remoteMove(msg);
        case 'resign':
          if (o && this.c.isOngoing()) this.c.resign(other(o.me));
          return;
        case 'flag':
          // The friend's page calls the friend's flag, never this player's.
          if (o && msg.side === other(o.me) && this.c.isOngoing()) this.c.flag(msg.side);
          return;
        case 'flag-claim':
          // This page's clock is the judge of this player's time: asked, it looks now.
          this.clocks.draw();
          return;
        case 'draw-offer':
          return await this.answer('draw', t('online.ask-draw'), () => this.c.agreeDraw());
        case 'takeback':
          if (!Number.isInteger(msg.ply)) throw new Error(t('online.unreadable'));
          return await this.answer('takeback', t('online.ask-takeback'), () => this.c.takeBack(msg.ply), { ply: msg.ply });
        case 'rematch':
          if (!/^[0-9a-f]{16}$/.test(msg.session ?? '')) throw new Error(t('online.unreadable'));
          return await this.answer('rematch', t('online.ask-rematch'), () => this.rematch(msg.session), { session: msg.session });
        case 'answer':
          return this.answered(msg);
        case 'refused':
          this.panels.message(t('online.they-refused', { reason: typeof msg.reason === 'string' ? msg.reason.slice(0, 300) : '' }), 'error', 0);
          return;
        case 'bye':
          this.peer?.set('disconnected');
          return;
        default:
          throw new Error(t('online.unreadable'));
      }
    } catch (e) {
      // Refused here, told there: nothing changed on either board.
      const reason = errorText(e);
      this.panels.message(t('online.refused', { reason }), 'error', 0);
      this.send0({ t: 'refused', reason });
    }
  }

  /** The two pages compare where they are; the one a move behind gets that move again. */
  hello(msg) {
    if (msg.session !== this.session) throw new Error(t('online.unreadable'));
    const s = this.c.snap;
    if (msg.ply === s.ply && msg.key === game.key()) {
      this.resumeClocks();
      this.watchClaim();
      return;
    }
    if (msg.ply === s.ply - 1 && this.lastSent?.ply === msg.ply) {
      this.send0(this.lastSent);
      return;
    }
    if (msg.ply === s.ply + 1) return; // the friend's page sends its last move again
    this.panels.message(t('online.diverged', { here: s.ply, there: msg.ply }), 'error', 0);
    this.close();
    this.showStatus();
  }

  async remoteMove(msg) {
    const ok = Number.isInteger(msg.i) && Number.isInteger(msg.ply) && typeof msg.key === 'string';
    if (!ok) throw new Error(t('online.unreadable'));
    const left = typeof msg.left === 'number' ? msg.left : undefined;
    await this.c.playRemote({ i: msg.i, ply: msg.ply, key: msg.key, left });
    this.resumeClocks();
  }

  /**
   * Both pages in step again: the clocks run on. Online, they only stop for a dropped
   * connection, or because the page was reloaded (a restored clock is paused).
   */
  resumeClocks() {
    if (this.clocks.state() === 'paused' && this.c.isOngoing()) this.clocks.pause(false);
  }

  /** The friend asks (`what`): the player answers; `yes` runs on both pages when accepted. */
  async answer(what, question, yes, extra = {}) {
    if (!this.c.online) return;
    const ok = await confirmDialog(question, { yes: t('button.accept'), no: t('button.decline') });
    // The game may have ended, or gone on, while the question was up.
    const valid = what === 'rematch' ? !this.c.isOngoing() : this.c.isOngoing();
    this.send0({ t: 'answer', what, yes: ok && valid, ...extra });
    if (ok && valid) yes();
  }

  answered(msg) {
    if (!Object.hasOwn(this.asked, msg.what)) return; // not asked here: nothing to do
    const asked = this.asked[msg.what];
    delete this.asked[msg.what];
    if (!msg.yes) {
      this.panels.message(t(`online.declined.${msg.what}`), 'info');
      return;
    }
    if (msg.what === 'draw' && this.c.isOngoing()) this.c.agreeDraw();
    else if (msg.what === 'takeback' && msg.ply === asked) this.c.takeBack(asked);
    else if (msg.what === 'rematch' && msg.session === asked) this.rematch(asked);
  }

  // ----- the toolbar's actions in an online game (main.js) -----

  offerDraw() {
    this.asked.draw = true;
    if (this.send0({ t: 'draw-offer' })) this.panels.message(t('online.draw-offered'), 'info');
    else this.notConnected();
  }

  /** Undo: asks to take back this player's last move (and the friend's reply after it). */
  askTakeback() {
    const s = this.c.snap;
    const me = this.c.online.me;
    let ply = s.ply;
    while (ply > 0 && s.moves[ply - 1].color !== me) ply--;
    if (ply === 0) return;
    this.asked.takeback = ply - 1;
    if (this.send0({ t: 'takeback', ply: ply - 1 })) this.panels.message(t('online.takeback-asked'), 'info');
    else this.notConnected();
  }

  async resign() {
    if (!(await confirmDialog(t('ask.resign'), { yes: t('button.resign'), no: t('button.cancel') }))) return;
    this.c.resign(this.c.online.me);
    this.send0({ t: 'resign' });
  }

  offerRematch() {
    $('result').close();
    const session = newSession();
    this.asked.rematch = session;
    if (this.send0({ t: 'rematch', session })) this.panels.message(t('online.rematch-offered'), 'info');
    else this.notConnected();
  }

  /** A rematch both players agreed to: the same terms, colours swapped, a new entry of the library. */
  rematch(session) {
    const o = this.c.online;
    const s = this.c.snap;
    const me = other(o.me);
    this.session = session;
    this.terms = { ...this.terms, variant: s.variant, inviter: this.role === 'inviter' ? me : o.me };
    const pending = this.terms.start ? game.fromFen(this.terms.start, s.variant) : game.newGame(s.variant);
    const control = this.clocks.control;
    $('result').close();
    this.startGame({ opponent: 'human', clock: control, clockLabel: this.clocks.label }, pending, { kind: 'online', online: { session, me } });
    this.c.setFlipped(me === 'black');
    this.lastSent = null;
    this.live(true);
    this.send0({ t: 'hello', session, ply: 0, key: game.key() });
    this.panels.message(t('online.rematch-started', { side: sideName(me) }), 'info');
  }

  notConnected() {
    this.panels.message(t('online.not-connected'), 'error');
  }
}

/** A time control as players say it: "180+2" → "3+2". */
function clockLabel(control) {
  const m = /^(\d+)([+B])(\d+)$/.exec(control) || /^(\d+)$/.exec(control);
  if (!m) return control;
  const minutes = Number(m[1]) / 60;
  return `${minutes}${m[2] === 'B' ? 'B' : '+'}${m[3] ?? 0}`;
}
