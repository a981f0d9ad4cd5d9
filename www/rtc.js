// One WebRTC data channel to a friend's page, opened with no server of ours: the inviting page's
// offer and the friend's answer travel as links (online.js, written and read by the online
// module: crates/views/src/invite.rs), so each side gathers its candidates completely before its
// link is made (no trickle ICE: there is nobody to trickle through).
//
// The channel is negotiated (id 0 on both sides), ordered and reliable: messages are JSON objects,
// one per move or request. `state` follows the connection: 'connecting' once both descriptions
// are set, 'connected' while the channel is open, 'disconnected' when it closes or ICE fails.
//
// Only the ICE servers given are contacted (the settings' list; none on a local network, where
// host and mDNS candidates suffice), and only from the moment a peer is created.

/** The longest wait for ICE gathering: a STUN server that does not answer costs no more. */
const GATHERING_MS = 5000;

export class Peer {
  /** `iceServers`: RTCIceServer objects; `onMessage(obj)`, `onState(state)`. */
  constructor({ iceServers, onMessage, onState }) {
    this.onMessage = onMessage;
    this.onState = onState;
    this.state = 'new';
    this.pc = new RTCPeerConnection({ iceServers });
    this.channel = this.pc.createDataChannel('draughts', { negotiated: true, id: 0, ordered: true });
    this.channel.onopen = () => this.set('connected');
    this.channel.onclose = () => this.set('disconnected');
    this.channel.onmessage = (e) => {
      // A message that is not a JSON object is reported as such by the receiver (online.js).
      let msg;
      try {
        msg = JSON.parse(String(e.data));
      } catch {
        msg = { t: 'unreadable' };
      }
      this.onMessage(msg && typeof msg === 'object' ? msg : { t: 'unreadable' });
    };
    this.pc.onconnectionstatechange = () => {
      const s = this.pc.connectionState;
      if (s === 'failed' || s === 'closed' || s === 'disconnected') this.set('disconnected');
      else if (s === 'connected' && this.channel.readyState === 'open') this.set('connected');
    };
  }

  set(state) {
    if (this.state === state || this.state === 'closed') return;
    this.state = state;
    this.onState(state);
  }

  /** The inviting side: its offer, candidates gathered. */
  async offer() {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this.gathered();
  }

  /** The invited side: sets the inviting page's offer and returns its answer, candidates gathered. */
  async answer(offer) {
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offer });
    this.set('connecting');
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    return this.gathered();
  }

  /** The inviting side, once the friend's reply is read: the connection can be made. */
  async accept(answer) {
    if (this.pc.signalingState !== 'have-local-offer') throw new Error('this invitation was already answered');
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answer });
    this.set('connecting');
  }

  /** The local description once ICE gathering completes (or after GATHERING_MS with what there is). */
  async gathered() {
    const pc = this.pc;
    if (pc.iceGatheringState !== 'complete') {
      await new Promise((resolve) => {
        const done = () => pc.iceGatheringState === 'complete' && resolve();
        pc.addEventListener('icegatheringstatechange', done);
        setTimeout(resolve, GATHERING_MS);
      });
    }
    return pc.localDescription.sdp;
  }

  /** Sends an object; false when the channel is not open. */
  send(msg) {
    if (this.channel.readyState !== 'open') return false;
    this.channel.send(JSON.stringify(msg));
    return true;
  }

  close() {
    this.state = 'closed';
    this.channel.close();
    this.pc.close();
  }
}
