//! Invitations to play online: what two browsers need to open a WebRTC data channel to each
//! other, and the game's terms, written into a link short enough to send in a message or show
//! as a QR code — with no server of ours in between.
//!
//! ```text
//! https://…/#invite=AQF…   the inviting page's connection, the game's terms (variant, colours,
//!                           clock, start position; the ply to resume at after a dropped line)
//! https://…/#reply=AQF…    the accepting page's connection, for the inviting page
//! ```
//!
//! A browser describes its end of a connection as SDP text, some 600 characters of which a
//! data channel needs only a few facts (RFC 8839, RFC 8841, RFC 8842): the ICE username
//! fragment and password, the DTLS certificate's SHA-256 fingerprint, and the candidate
//! addresses (host addresses or their mDNS names, the address a STUN server saw, a TURN relay).
//! [`Connection::from_sdp`] keeps those, the link carries them in binary (URL-safe base64, with
//! a 32-bit FNV-1a check), and [`Connection::to_sdp`] writes the other side's SDP back from them.
//! Everything else in an SDP for a data channel is the same in every browser. Anything wrong in
//! a link is an [`InviteError`] in a player's words.

use crate::link::{digit, fnv1a32 as fnv1a, ALPHABET};
use draughts_rules::clock::TimeControl;
use draughts_rules::message::Message;
use draughts_rules::square::Color;
use draughts_rules::variant::Variant;

/// The layout of the links' bytes; a page refuses another (the friend's page is older or newer).
pub const FORMAT: u8 = 1;
/// Candidates kept per connection: a phone has a few (Wi-Fi, mobile data, IPv4 and IPv6).
pub const MAX_CANDIDATES: usize = 8;
/// Links longer than this are refused unread.
pub const MAX_LEN: usize = 2_000;

const INVITE: u8 = 0;
const REPLY: u8 = 1;

/// Why an invitation or a reply does not open, or a browser's SDP cannot be sent.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum InviteError {
    /// The link is neither an invitation nor a reply.
    NotALink,
    TooLong(usize),
    BadCharacter(char),
    /// The check does not match: cut short or changed.
    Check,
    /// Made by another version of the page.
    Format(u8),
    /// Its bytes stop early or do not read.
    Damaged,
    UnknownVariant(String),
    BadClock(String),
    /// The connection names no address to reach the other device.
    NoAddress,
    /// The browser's SDP lacks something a data channel needs (its name).
    Sdp(&'static str),
}

impl InviteError {
    pub fn message(&self) -> Message {
        match self {
            InviteError::NotALink => Message::new("online.not-a-link"),
            InviteError::TooLong(n) => Message::new("online.too-long").with("length", *n),
            InviteError::BadCharacter(c) => {
                Message::new("online.bad-character").with("text", c.to_string())
            }
            InviteError::Check => Message::new("online.check"),
            InviteError::Format(v) => Message::new("online.format").with("version", *v),
            InviteError::Damaged => Message::new("online.damaged"),
            InviteError::UnknownVariant(t) => {
                Message::new("online.unknown-variant").with("text", t.as_str())
            }
            InviteError::BadClock(t) => Message::new("online.bad-clock").with("text", t.as_str()),
            InviteError::NoAddress => Message::new("online.no-address"),
            InviteError::Sdp(what) => Message::new("online.sdp").with("missing", *what),
        }
    }
}

/// How a candidate reaches its device (RFC 8445 §5.1.1): its own address, the address a STUN
/// server saw, or a TURN relay's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Host,
    Srflx,
    Prflx,
    Relay,
}

impl Kind {
    const ALL: [Kind; 4] = [Kind::Host, Kind::Srflx, Kind::Prflx, Kind::Relay];

    fn name(self) -> &'static str {
        match self {
            Kind::Host => "host",
            Kind::Srflx => "srflx",
            Kind::Prflx => "prflx",
            Kind::Relay => "relay",
        }
    }

    /// RFC 8445 §5.1.2.2's recommended type preferences.
    fn preference(self) -> u32 {
        match self {
            Kind::Host => 126,
            Kind::Prflx => 110,
            Kind::Srflx => 100,
            Kind::Relay => 0,
        }
    }
}

/// A candidate's address: IPv4, IPv6, or an mDNS name (`<uuid>.local`), which browsers show
/// instead of a host address so that a page cannot read the device's addresses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Address {
    V4([u8; 4]),
    V6([u8; 16]),
    Mdns([u8; 16]),
}

/// One way to reach a device over UDP.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Candidate {
    pub kind: Kind,
    pub address: Address,
    pub port: u16,
}

/// One end of a data-channel connection.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Connection {
    /// ICE username fragment and password (RFC 8839 §5.4): 4–32 and 22–64 ICE characters.
    pub ufrag: String,
    pub pwd: String,
    /// SHA-256 of the DTLS certificate (RFC 8122).
    pub fingerprint: [u8; 32],
    pub candidates: Vec<Candidate>,
}

/// What the inviting player offers: the variant, who plays which side, the clock, the start
/// position when it is not the standard one, and the ply to resume at when a game's connection
/// dropped (0 for a new game).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Terms {
    pub variant: Variant,
    /// The side the inviting player plays; the friend plays the other.
    pub inviter: Color,
    /// A time control as the PDN `TimeControl` tag writes it, or none.
    pub clock: Option<String>,
    /// A FEN, when the game does not start from the variant's own position (the page's engine
    /// reads it when the friend accepts).
    pub start: Option<String>,
    pub resume_ply: u32,
}

/// An invitation (`#invite=`) or a reply to one (`#reply=`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Link {
    /// Names the online game, the same for its invitation, its reply and every reconnection.
    pub session: [u8; 8],
    /// The invitation's terms; none in a reply.
    pub terms: Option<Terms>,
    pub connection: Connection,
}

impl Link {
    /// The link's fragment: `#invite=…` or `#reply=…`.
    pub fn write(&self) -> String {
        let mut out = vec![FORMAT, if self.terms.is_some() { INVITE } else { REPLY }];
        out.extend_from_slice(&self.session);
        let c = &self.connection;
        short(&mut out, &c.ufrag);
        short(&mut out, &c.pwd);
        out.extend_from_slice(&c.fingerprint);
        out.push(c.candidates.len().min(MAX_CANDIDATES) as u8);
        for cand in c.candidates.iter().take(MAX_CANDIDATES) {
            let (family, bytes): (u8, &[u8]) = match &cand.address {
                Address::V4(a) => (0, a),
                Address::V6(a) => (1, a),
                Address::Mdns(a) => (2, a),
            };
            let kind = Kind::ALL.iter().position(|k| *k == cand.kind).unwrap_or(0) as u8;
            out.push(kind << 2 | family);
            out.extend_from_slice(bytes);
            out.extend_from_slice(&cand.port.to_be_bytes());
        }
        if let Some(t) = &self.terms {
            out.push(match t.inviter {
                Color::White => 0,
                Color::Black => 1,
            });
            short(&mut out, t.variant.name());
            short(&mut out, t.clock.as_deref().unwrap_or(""));
            let fen = t.start.as_deref().unwrap_or("").as_bytes();
            let fen = &fen[..fen.len().min(u16::MAX as usize)];
            out.extend_from_slice(&(fen.len() as u16).to_be_bytes());
            out.extend_from_slice(fen);
            out.extend_from_slice(&t.resume_ply.to_be_bytes());
        }
        out.extend_from_slice(&fnv1a(&out).to_be_bytes());
        let key = if self.terms.is_some() {
            "invite"
        } else {
            "reply"
        };
        format!("#{key}={}", base64(&out))
    }

    /// Reads an invitation or a reply from a whole link, or its fragment.
    ///
    /// # Errors
    /// Anything that is not such a link, or a damaged one, in a player's words.
    pub fn read(text: &str) -> Result<Link, InviteError> {
        let text = text.trim();
        if text.len() > MAX_LEN {
            return Err(InviteError::TooLong(text.chars().count()));
        }
        let fragment = text.rsplit_once('#').map_or(text, |(_, f)| f);
        let (key, body) = fragment.split_once('=').ok_or(InviteError::NotALink)?;
        let invite = match key {
            "invite" => true,
            "reply" => false,
            _ => return Err(InviteError::NotALink),
        };
        let bytes = unbase64(body)?;
        if bytes.len() < 6 {
            return Err(InviteError::Damaged);
        }
        let (data, check) = bytes.split_at(bytes.len() - 4);
        if fnv1a(data).to_be_bytes() != check {
            return Err(InviteError::Check);
        }
        let mut r = Reader(data);
        let format = r.byte()?;
        if format != FORMAT {
            return Err(InviteError::Format(format));
        }
        if r.byte()? != if invite { INVITE } else { REPLY } {
            return Err(InviteError::Damaged);
        }
        let session = r.array::<8>()?;
        let ufrag = r.ice_text(4..=32)?;
        let pwd = r.ice_text(22..=64)?;
        let fingerprint = r.array::<32>()?;
        let n = r.byte()? as usize;
        if n > MAX_CANDIDATES {
            return Err(InviteError::Damaged);
        }
        let mut candidates = Vec::with_capacity(n);
        for _ in 0..n {
            let flags = r.byte()?;
            let kind = *Kind::ALL
                .get(usize::from(flags >> 2))
                .ok_or(InviteError::Damaged)?;
            let address = match flags & 3 {
                0 => Address::V4(r.array()?),
                1 => Address::V6(r.array()?),
                2 => Address::Mdns(r.array()?),
                _ => return Err(InviteError::Damaged),
            };
            let port = u16::from_be_bytes(r.array()?);
            candidates.push(Candidate {
                kind,
                address,
                port,
            });
        }
        if candidates.is_empty() {
            return Err(InviteError::NoAddress);
        }
        let terms = if invite {
            let inviter = match r.byte()? {
                0 => Color::White,
                1 => Color::Black,
                _ => return Err(InviteError::Damaged),
            };
            let name = r.text(u8::MAX as usize)?;
            let variant =
                Variant::from_name(&name).ok_or(InviteError::UnknownVariant(name.clone()))?;
            let clock = Some(r.text(u8::MAX as usize)?).filter(|c| !c.is_empty());
            if let Some(c) = &clock {
                if c.parse::<TimeControl>().is_err() {
                    return Err(InviteError::BadClock(c.clone()));
                }
            }
            let len = u16::from_be_bytes(r.array()?) as usize;
            let start =
                String::from_utf8(r.take(len)?.to_vec()).map_err(|_| InviteError::Damaged)?;
            let resume_ply = u32::from_be_bytes(r.array()?);
            Some(Terms {
                variant,
                inviter,
                clock,
                start: Some(start).filter(|s| !s.is_empty()),
                resume_ply,
            })
        } else {
            None
        };
        if !r.0.is_empty() {
            return Err(InviteError::Damaged);
        }
        Ok(Link {
            session,
            terms,
            connection: Connection {
                ufrag,
                pwd,
                fingerprint,
                candidates,
            },
        })
    }
}

impl Connection {
    /// What a data channel needs of a browser's SDP (its local description once ICE gathering
    /// is complete): TCP candidates are left out (a browser-to-browser channel goes over UDP).
    ///
    /// # Errors
    /// The SDP lacks the ICE credentials, a SHA-256 fingerprint or any UDP candidate.
    pub fn from_sdp(sdp: &str) -> Result<Connection, InviteError> {
        let mut ufrag = None;
        let mut pwd = None;
        let mut fingerprint = None;
        let mut candidates = Vec::new();
        for line in sdp.lines().map(str::trim) {
            if let Some(v) = line.strip_prefix("a=ice-ufrag:") {
                ufrag = Some(v.to_string());
            } else if let Some(v) = line.strip_prefix("a=ice-pwd:") {
                pwd = Some(v.to_string());
            } else if let Some(v) = line.strip_prefix("a=fingerprint:") {
                let (algorithm, hex) = v.split_once(' ').unwrap_or((v, ""));
                if algorithm.eq_ignore_ascii_case("sha-256") {
                    fingerprint = parse_fingerprint(hex);
                }
            } else if let Some(v) = line.strip_prefix("a=candidate:") {
                if let Some(c) = parse_candidate(v) {
                    if candidates.len() < MAX_CANDIDATES && !candidates.contains(&c) {
                        candidates.push(c);
                    }
                }
            }
        }
        let valid = |s: &String, len: std::ops::RangeInclusive<usize>| {
            len.contains(&s.len()) && s.bytes().all(is_ice_char)
        };
        let ufrag = ufrag
            .filter(|u| valid(u, 4..=32))
            .ok_or(InviteError::Sdp("ice-ufrag"))?;
        let pwd = pwd
            .filter(|p| valid(p, 22..=64))
            .ok_or(InviteError::Sdp("ice-pwd"))?;
        let fingerprint = fingerprint.ok_or(InviteError::Sdp("fingerprint:sha-256"))?;
        if candidates.is_empty() {
            return Err(InviteError::NoAddress);
        }
        Ok(Connection {
            ufrag,
            pwd,
            fingerprint,
            candidates,
        })
    }

    /// This end as SDP for the other browser's `setRemoteDescription`: an offer (`offer` true,
    /// DTLS role `actpass`) or an answer (`active`: the answering side opens DTLS).
    pub fn to_sdp(&self, offer: bool) -> String {
        let fingerprint = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect::<Vec<_>>()
            .join(":");
        let mut sdp = format!(
            "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n\
             m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n\
             a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=fingerprint:sha-256 {fingerprint}\r\n\
             a=setup:{}\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n",
            self.ufrag,
            self.pwd,
            if offer { "actpass" } else { "active" }
        );
        for (i, c) in self.candidates.iter().enumerate() {
            // RFC 8445 §5.1.2.1: type preference, then the order the browser listed them in.
            let priority = (c.kind.preference() << 24) | ((65_535 - i as u32) << 8) | 255;
            let address = match c.address {
                Address::V4(a) => std::net::Ipv4Addr::from(a).to_string(),
                Address::V6(a) => std::net::Ipv6Addr::from(a).to_string(),
                Address::Mdns(a) => format!("{}.local", uuid(&a)),
            };
            sdp += &format!(
                "a=candidate:{i} 1 udp {priority} {address} {} typ {}",
                c.port,
                c.kind.name()
            );
            if c.kind != Kind::Host {
                sdp += " raddr 0.0.0.0 rport 0";
            }
            sdp += "\r\n";
        }
        sdp += "a=end-of-candidates\r\n";
        sdp
    }
}

/// `foundation component transport priority address port typ kind …` (RFC 8839 §5.1), UDP only.
fn parse_candidate(line: &str) -> Option<Candidate> {
    let f: Vec<&str> = line.split_ascii_whitespace().collect();
    if f.len() < 8 || !f[2].eq_ignore_ascii_case("udp") || f[1] != "1" || f[6] != "typ" {
        return None;
    }
    let address = if let Some(name) = f[4].strip_suffix(".local") {
        Address::Mdns(parse_uuid(name)?)
    } else {
        match f[4].parse::<std::net::IpAddr>().ok()? {
            std::net::IpAddr::V4(a) => Address::V4(a.octets()),
            std::net::IpAddr::V6(a) => Address::V6(a.octets()),
        }
    };
    let kind = *Kind::ALL.iter().find(|k| k.name() == f[7])?;
    Some(Candidate {
        kind,
        address,
        port: f[5].parse().ok()?,
    })
}

fn parse_fingerprint(hex: &str) -> Option<[u8; 32]> {
    let mut out = [0; 32];
    let mut parts = hex.trim().split(':');
    for b in &mut out {
        *b = u8::from_str_radix(parts.next()?, 16).ok()?;
    }
    parts.next().is_none().then_some(out)
}

/// An mDNS name's UUID (`8-4-4-4-12` hex digits), as 16 bytes.
fn parse_uuid(text: &str) -> Option<[u8; 16]> {
    let hex: String = text.chars().filter(|&c| c != '-').collect();
    if hex.len() != 32 || text.len() != 36 {
        return None;
    }
    let mut out = [0; 16];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

fn uuid(b: &[u8; 16]) -> String {
    let h: Vec<String> = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        h[0..4].concat(),
        h[4..6].concat(),
        h[6..8].concat(),
        h[8..10].concat(),
        h[10..16].concat()
    )
}

/// ICE characters (RFC 8839 §5.4): letters, digits, `+` and `/`.
fn is_ice_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'+' || b == b'/'
}

/// A string of at most 255 bytes, after its length.
fn short(out: &mut Vec<u8>, s: &str) {
    let b = &s.as_bytes()[..s.len().min(255)];
    out.push(b.len() as u8);
    out.extend_from_slice(b);
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], InviteError> {
        if self.0.len() < n {
            return Err(InviteError::Damaged);
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, InviteError> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], InviteError> {
        self.take(N)?.try_into().map_err(|_| InviteError::Damaged)
    }

    fn text(&mut self, max: usize) -> Result<String, InviteError> {
        let n = self.byte()? as usize;
        if n > max {
            return Err(InviteError::Damaged);
        }
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| InviteError::Damaged)
    }

    fn ice_text(&mut self, len: std::ops::RangeInclusive<usize>) -> Result<String, InviteError> {
        let s = self.text(255)?;
        if len.contains(&s.len()) && s.bytes().all(is_ice_char) {
            Ok(s)
        } else {
            Err(InviteError::Damaged)
        }
    }
}

/// URL-safe base64 without padding (RFC 4648 §5).
fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn unbase64(text: &str) -> Result<Vec<u8>, InviteError> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut n, mut bits) = (0u32, 0);
    for c in text.chars() {
        let d = u8::try_from(c)
            .ok()
            .and_then(digit)
            .ok_or(InviteError::BadCharacter(c))?;
        n = n << 6 | d as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((n >> bits) as u8);
            n &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chromium's offer for a negotiated data channel, ICE gathering complete (two mDNS host
    /// candidates and a TCP one, which is left out).
    const OFFER: &str = "v=0\r\no=- 2781144998772647683 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n\
a=candidate:100450820 1 udp 2113937151 4a64562c-aa75-4d0c-9dc6-951d33a87598.local 49714 typ host generation 0 network-cost 999\r\n\
a=candidate:3466200036 1 udp 2113942271 ad2b7aab-fcfd-4e27-8c28-a736aa77ccf9.local 38577 typ host generation 0 network-cost 999\r\n\
a=candidate:1 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0\r\n\
a=candidate:842163049 1 udp 1677729535 203.0.113.7 61007 typ srflx raddr 0.0.0.0 rport 0 generation 0\r\n\
a=ice-ufrag:wRB5\r\na=ice-pwd:g5kzUi1fad6qev+e2Vg+HN7D\r\na=ice-options:trickle\r\n\
a=fingerprint:sha-256 74:55:58:FF:84:AF:10:9A:83:98:B7:36:53:33:52:42:AE:91:1B:01:8B:1B:91:E8:98:16:EF:90:B1:2B:E6:7A\r\n\
a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

    fn invitation() -> Link {
        Link {
            session: *b"\x01\x02\x03\x04\x05\x06\x07\x08",
            terms: Some(Terms {
                variant: Variant::Russian,
                inviter: Color::Black,
                clock: Some("180+2".into()),
                start: None,
                resume_ply: 0,
            }),
            connection: Connection::from_sdp(OFFER).unwrap(),
        }
    }

    #[test]
    fn an_sdp_keeps_what_a_data_channel_needs() {
        let c = Connection::from_sdp(OFFER).unwrap();
        assert_eq!(
            (c.ufrag.as_str(), c.pwd.as_str()),
            ("wRB5", "g5kzUi1fad6qev+e2Vg+HN7D")
        );
        assert_eq!(&c.fingerprint[..3], &[0x74, 0x55, 0x58]);
        assert_eq!(c.candidates.len(), 3, "UDP only: {:?}", c.candidates);
        assert_eq!(c.candidates[2].kind, Kind::Srflx);
        assert_eq!(c.candidates[2].address, Address::V4([203, 0, 113, 7]));
        let sdp = c.to_sdp(false);
        assert!(sdp.contains("a=setup:active\r\n"));
        assert!(
            sdp.contains(" 4a64562c-aa75-4d0c-9dc6-951d33a87598.local 49714 typ host\r\n"),
            "{sdp}"
        );
        assert!(sdp.contains(" 203.0.113.7 61007 typ srflx raddr 0.0.0.0 rport 0\r\n"));
        assert!(sdp.contains("a=fingerprint:sha-256 74:55:58:FF:"));
        // Written back and read again, the same connection.
        assert_eq!(Connection::from_sdp(&sdp).unwrap(), c);
        assert!(c.to_sdp(true).contains("a=setup:actpass\r\n"));
    }

    #[test]
    fn sdps_without_what_is_needed_are_refused() {
        let without = |prefix: &str| -> String {
            OFFER
                .lines()
                .filter(|l| !l.starts_with(prefix))
                .collect::<Vec<_>>()
                .join("\r\n")
        };
        assert_eq!(
            Connection::from_sdp(&without("a=ice-ufrag")),
            Err(InviteError::Sdp("ice-ufrag"))
        );
        assert_eq!(
            Connection::from_sdp(&without("a=ice-pwd")),
            Err(InviteError::Sdp("ice-pwd"))
        );
        assert_eq!(
            Connection::from_sdp(&without("a=fingerprint")),
            Err(InviteError::Sdp("fingerprint:sha-256"))
        );
        assert_eq!(
            Connection::from_sdp(&without("a=candidate")),
            Err(InviteError::NoAddress)
        );
        let sha1 = OFFER.replace("sha-256", "sha-1");
        assert_eq!(
            Connection::from_sdp(&sha1),
            Err(InviteError::Sdp("fingerprint:sha-256"))
        );
    }

    #[test]
    fn links_round_trip_and_stay_short() {
        let invite = invitation();
        let text = invite.write();
        assert!(text.starts_with("#invite="), "{text}");
        assert!(text.len() < 200, "{} characters: {text}", text.len());
        assert_eq!(
            Link::read(&format!("https://example.org/draughts/{text}")).unwrap(),
            invite
        );

        let mut set_up = invite.clone();
        let terms = set_up.terms.as_mut().unwrap();
        terms.start = Some("W:W31,32:B1,2".into());
        terms.clock = None;
        terms.resume_ply = 17;
        assert_eq!(Link::read(&set_up.write()).unwrap(), set_up);

        let reply = Link {
            terms: None,
            ..invite
        };
        let text = reply.write();
        assert!(text.starts_with("#reply="));
        assert_eq!(Link::read(&text).unwrap(), reply);
    }

    #[test]
    fn damaged_links_are_refused_in_words() {
        let text = invitation().write();
        assert_eq!(Link::read("#v=international"), Err(InviteError::NotALink));
        assert_eq!(Link::read("#invite"), Err(InviteError::NotALink));
        assert_eq!(Link::read(&text[..text.len() - 3]), Err(InviteError::Check));
        // One character changed anywhere: the check catches it.
        for i in 8..text.len() {
            let mut b = text.clone().into_bytes();
            b[i] = if b[i] == b'A' { b'B' } else { b'A' };
            let changed = String::from_utf8(b).unwrap();
            assert!(
                Link::read(&changed).is_err(),
                "accepted with byte {i} changed"
            );
        }
        assert_eq!(
            Link::read(&format!("{text}!")),
            Err(InviteError::BadCharacter('!'))
        );
        assert!(matches!(
            Link::read(&"#invite=".repeat(300)),
            Err(InviteError::TooLong(_))
        ));
        // An invitation from another version of the page.
        let mut bytes = unbase64(&text["#invite=".len()..]).unwrap();
        bytes.truncate(bytes.len() - 4);
        bytes[0] = 9;
        let sum = fnv1a(&bytes);
        bytes.extend_from_slice(&sum.to_be_bytes());
        assert_eq!(
            Link::read(&format!("#invite={}", base64(&bytes))),
            Err(InviteError::Format(9))
        );
        // Each refusal is a sentence of the catalogue.
        for e in [
            InviteError::Check,
            InviteError::Format(9),
            InviteError::NoAddress,
        ] {
            assert!(!e.message().text().is_empty());
        }
    }

    #[test]
    fn base64_round_trips_every_length() {
        for n in 0..40u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37)).collect();
            assert_eq!(unbase64(&base64(&bytes)).unwrap(), bytes);
        }
    }
}
