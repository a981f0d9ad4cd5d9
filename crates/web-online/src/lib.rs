//! The page's module for online play, loaded when a player first invites a friend or opens an
//! invitation (www/online.js), so the first load carries none of it: invitation and reply links
//! (`draughts_views::invite`: what a WebRTC data channel needs of each browser's SDP, and the
//! game's terms) and their QR codes. The game itself stays in the page's own module, which
//! checks every move that comes over the channel.
//!
//! ```js
//! inviteLink("0123456789abcdef", "russian", "white", "180+2", undefined, 0, offerSdp); // "#invite=…"
//! readLink(location.href);  // { kind: "reply", session, sdp }  (the SDP to set as remote)
//! qrSvg(url);               // "<svg …>"
//! ```

use draughts_rules::square::Color;
use draughts_views::invite::{Connection, InviteError, Link, Terms};
use qrcode::{render::svg, EcLevel, QrCode};

/// A link as an SVG QR code (error correction level L: read from a screen, not paper, it needs no more, and the code stays coarse enough for a phone's camera), with a
/// quiet zone, black on white whatever the page's theme; `None` if the text does not fit a QR code.
pub fn qr_svg(text: &str) -> Option<String> {
    let code = QrCode::with_error_correction_level(text, EcLevel::L).ok()?;
    Some(
        code.render::<svg::Color>()
            .quiet_zone(true)
            .module_dimensions(1, 1)
            .dark_color(svg::Color("#000"))
            .light_color(svg::Color("#fff"))
            .build(),
    )
}

/// The session's 8 bytes from 16 hex digits.
pub fn session_bytes(hex: &str) -> Option<[u8; 8]> {
    let mut out = [0; 8];
    if hex.len() != 16 {
        return None;
    }
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

pub fn session_hex(bytes: &[u8; 8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// An invitation's fragment from the inviting browser's offer.
///
/// # Errors
/// The offer lacks what a data channel needs; a session or colour the page got wrong (English).
pub fn invite(
    session: &str,
    variant: &str,
    inviter: &str,
    clock: Option<String>,
    start: Option<String>,
    resume_ply: u32,
    offer: &str,
) -> Result<String, Result<InviteError, String>> {
    let session = session_bytes(session).ok_or_else(|| Err("a session is 16 hex digits".into()))?;
    let variant = variant
        .parse()
        .map_err(|_| Err(format!("unknown variant {variant:?}")))?;
    let inviter = Color::from_name(inviter)
        .ok_or_else(|| Err("the inviter plays \"white\" or \"black\"".into()))?;
    let terms = Terms {
        variant,
        inviter,
        clock: clock.filter(|c| !c.is_empty()),
        start: start.filter(|s| !s.is_empty()),
        resume_ply,
    };
    let connection = Connection::from_sdp(offer).map_err(Ok)?;
    Ok(Link {
        session,
        terms: Some(terms),
        connection,
    }
    .write())
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;
    use draughts_views::convert::{plain, said, to_js};
    use serde::Serialize;
    use wasm_bindgen::prelude::*;

    fn refused(e: Result<InviteError, String>) -> JsValue {
        match e {
            Ok(e) => said(e.message()),
            Err(text) => plain(&text),
        }
    }

    /// An invitation's fragment (`#invite=…`): the session (16 hex digits), the terms (the
    /// variant, the side the inviting player plays, the clock as PDN writes it, a start FEN, the
    /// ply to resume at) and the inviting browser's offer SDP, ICE gathering complete.
    ///
    /// # Errors
    /// In a player's words when the offer lacks what a data channel needs.
    #[wasm_bindgen(js_name = inviteLink)]
    pub fn invite_link(
        session: &str,
        variant: &str,
        inviter: &str,
        clock: Option<String>,
        start: Option<String>,
        resume_ply: u32,
        offer: &str,
    ) -> Result<String, JsValue> {
        invite(session, variant, inviter, clock, start, resume_ply, offer).map_err(refused)
    }

    /// A reply's fragment (`#reply=…`) from the accepting browser's answer SDP.
    ///
    /// # Errors
    /// As [`invite_link`].
    #[wasm_bindgen(js_name = replyLink)]
    pub fn reply_link(session: &str, answer: &str) -> Result<String, JsValue> {
        let session = session_bytes(session).ok_or_else(|| plain("a session is 16 hex digits"))?;
        let connection = Connection::from_sdp(answer).map_err(|e| said(e.message()))?;
        Ok(Link {
            session,
            terms: None,
            connection,
        }
        .write())
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct TermsOut {
        variant: &'static str,
        inviter: Color,
        clock: Option<String>,
        start: Option<String>,
        resume_ply: u32,
    }

    #[derive(Serialize)]
    struct LinkOut {
        kind: &'static str,
        session: String,
        terms: Option<TermsOut>,
        /// The other browser's description, for `setRemoteDescription`.
        sdp: String,
    }

    /// Reads an invitation or a reply (a whole link or its fragment): `{ kind: "invite" |
    /// "reply", session, terms?: { variant, inviter, clock, start, resumePly }, sdp }`.
    ///
    /// # Errors
    /// Anything else, or a damaged link, in a player's words.
    #[wasm_bindgen(js_name = readLink)]
    pub fn read_link(text: &str) -> Result<JsValue, JsValue> {
        let link = Link::read(text).map_err(|e| said(e.message()))?;
        let invite = link.terms.is_some();
        Ok(to_js(&LinkOut {
            kind: if invite { "invite" } else { "reply" },
            session: session_hex(&link.session),
            sdp: link.connection.to_sdp(invite),
            terms: link.terms.map(|t| TermsOut {
                variant: t.variant.name(),
                inviter: t.inviter,
                clock: t.clock,
                start: t.start,
                resume_ply: t.resume_ply,
            }),
        }))
    }

    /// A link as an SVG QR code.
    ///
    /// # Errors
    /// A text too long for a QR code.
    #[wasm_bindgen(js_name = qrSvg)]
    pub fn qr(text: &str) -> Result<String, JsValue> {
        qr_svg(text).ok_or_else(|| plain("too long for a QR code"))
    }

    #[wasm_bindgen(start)]
    pub fn start() {
        draughts_views::convert::init();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OFFER: &str = "v=0\r\na=ice-ufrag:wRB5\r\na=ice-pwd:g5kzUi1fad6qev+e2Vg+HN7D\r\n\
a=fingerprint:sha-256 74:55:58:FF:84:AF:10:9A:83:98:B7:36:53:33:52:42:AE:91:1B:01:8B:1B:91:E8:98:16:EF:90:B1:2B:E6:7A\r\n\
a=candidate:1 1 udp 2113937151 4a64562c-aa75-4d0c-9dc6-951d33a87598.local 49714 typ host\r\n";

    #[test]
    fn an_invitation_from_an_offer_reads_back_with_its_terms() {
        let text = invite(
            "0123456789abcdef",
            "frisian",
            "black",
            Some("300+3".into()),
            None,
            4,
            OFFER,
        )
        .unwrap();
        let link = Link::read(&text).unwrap();
        assert_eq!(session_hex(&link.session), "0123456789abcdef");
        let terms = link.terms.unwrap();
        assert_eq!(
            (terms.variant.name(), terms.inviter, terms.resume_ply),
            ("frisian", Color::Black, 4)
        );
        assert_eq!(terms.clock.as_deref(), Some("300+3"));
        assert!(matches!(
            invite("0123", "frisian", "black", None, None, 0, OFFER),
            Err(Err(_))
        ));
        assert!(matches!(
            invite("0123456789abcdef", "frisian", "black", None, None, 0, "v=0"),
            Err(Ok(_))
        ));
    }

    #[test]
    fn a_link_fits_a_qr_code_a_phone_reads() {
        let text = invite(
            "0123456789abcdef",
            "international",
            "white",
            Some("180+2".into()),
            None,
            0,
            OFFER,
        )
        .unwrap();
        let url = format!("https://draughts.example.org/play/{text}");
        let svg = qr_svg(&url).unwrap();
        assert!(
            svg.starts_with("<?xml") || svg.starts_with("<svg"),
            "{}",
            &svg[..40]
        );
        // Version 10 at most (57 modules a side), which any phone camera reads from a screen.
        let code = QrCode::with_error_correction_level(&url, EcLevel::L).unwrap();
        assert!(code.width() <= 57, "{} modules", code.width());
        assert!(qr_svg(&"x".repeat(5_000)).is_none());
    }
}
