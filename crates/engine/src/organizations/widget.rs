//! How the organization's KYB widget looks and what it tells the merchant once a case is
//! decided: its branding (logo, accent colour, font) and, per outcome, how much of the decision
//! the merchant sees.
//!
//! Branding reaches a page that people hand their documents to, so nothing in it is ever CSS
//! or markup: a colour is a hex value, the font one of a fixed list of local font stacks, the
//! logo a small PNG, JPEG or WebP picture inlined as a `data:` URL whose bytes are checked to be
//! what it says (an `https` logo would be a request leaving Docket, telling another site who
//! opened the page; an SVG can carry script).

use data_encoding::BASE64;
use serde::{Deserialize, Deserializer, Serialize};

use crate::files::sniff;

/// The largest logo, in bytes of picture.
pub const MAX_LOGO_BYTES: usize = 96 * 1024;

/// An accent colour: `#rrggbb`, stored in lower case (`#abc` is read as `#aabbcc`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(value_type = String, example = "#0b6e4f"))]
pub struct BrandColor(String);

impl BrandColor {
    pub fn parse(text: &str) -> Result<Self, String> {
        let hex = text.trim().strip_prefix('#').ok_or("a colour is written #rrggbb, such as #0b6e4f")?;
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) || !matches!(hex.len(), 3 | 6) {
            return Err(format!("`{}` is not a colour such as #0b6e4f", crate::values::shorten(text, 20)));
        }
        let full: String = if hex.len() == 3 { hex.chars().flat_map(|c| [c, c]).collect() } else { hex.to_owned() };
        Ok(BrandColor(format!("#{}", full.to_ascii_lowercase())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for BrandColor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        BrandColor::parse(&String::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

/// A logo: `data:image/png;base64,...` (or `image/jpeg`, `image/webp`), at most
/// [`MAX_LOGO_BYTES`] of picture, whose content is the type it names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(
    feature = "openapi",
    schema(as = WidgetLogo, value_type = String, example = "data:image/png;base64,iVBORw0KGgo...")
)]
pub struct Logo(String);

impl Logo {
    pub fn parse(text: &str) -> Result<Self, String> {
        const TYPES: [&str; 3] = ["image/png", "image/jpeg", "image/webp"];
        let text = text.trim();
        let (media, data) = text
            .strip_prefix("data:")
            .and_then(|rest| rest.split_once(";base64,"))
            .ok_or("a logo is a data: URL of a PNG, JPEG or WebP picture (data:image/png;base64,...)")?;
        if !TYPES.contains(&media) {
            return Err(format!("a logo is a PNG, JPEG or WebP picture, not `{}`", crate::values::shorten(media, 40)));
        }
        if data.len() > MAX_LOGO_BYTES / 3 * 4 + 4 {
            return Err(format!("a logo is at most {} KiB", MAX_LOGO_BYTES / 1024));
        }
        let bytes = BASE64.decode(data.as_bytes()).map_err(|_| "the logo's base64 cannot be read".to_owned())?;
        let found = sniff::media_type(&bytes[..bytes.len().min(sniff::HEAD)]);
        if found != media {
            return Err(format!("the logo says it is {media} but it is {}", sniff::described(found)));
        }
        Ok(Logo(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Logo {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Logo::parse(&String::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

/// The widget's font: one of these local font stacks (no font is downloaded).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = WidgetFont))]
pub enum Font {
    /// The device's interface font.
    #[default]
    System,
    /// Helvetica, Arial and the like.
    SansSerif,
    /// Georgia, Times and the like.
    Serif,
    /// A rounded face where the device has one.
    Rounded,
}

/// The widget's look: the organization's name is always shown; these are optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = WidgetBranding))]
pub struct Branding {
    #[serde(default)]
    pub logo: Option<Logo>,
    /// The buttons', links' and current step's colour (the text on it is black or white,
    /// whichever reads better).
    #[serde(default)]
    pub accent_color: Option<BrandColor>,
    #[serde(default)]
    pub font: Font,
}

/// How much of a decision the merchant sees in the widget.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum OutcomeShown {
    /// The outcome and the reviewers' message for the merchant (the default).
    #[default]
    OutcomeAndMessage,
    /// The outcome, without the message.
    Outcome,
    /// Only that the information was submitted and is with the organization: the outcome is
    /// told some other way (a call, an e-mail).
    Submitted,
}

/// Per decided outcome, what the merchant sees. While a case is being filled, checked or
/// reviewed the widget says so, and an open request to fix something is always shown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WidgetOutcomes {
    #[serde(default)]
    pub approved: OutcomeShown,
    #[serde(default)]
    pub rejected: OutcomeShown,
}

/// The KYB widget's settings.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WidgetSettings {
    #[serde(default)]
    pub branding: Branding,
    #[serde(default)]
    pub outcomes: WidgetOutcomes,
}

/// Reads stored widget settings: what no longer parses (a rule made stricter since, or an
/// edited file) gives the defaults, never reaches a page.
pub(crate) fn stored(json: &str) -> WidgetSettings {
    serde_json::from_str(json).unwrap_or_else(|e| {
        tracing::warn!(error = %e, "the stored widget settings are not valid; the defaults apply");
        WidgetSettings::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0";

    #[test]
    fn colours_are_hex_values_only() {
        assert_eq!(BrandColor::parse("#0B6E4F").map(|c| c.0), Ok("#0b6e4f".to_owned()));
        assert_eq!(BrandColor::parse("#abc").map(|c| c.0), Ok("#aabbcc".to_owned()));
        for bad in ["red", "#12345", "#ggg", "#000; background:url(x)", "rgb(0,0,0)", "", "#0000000"] {
            assert!(BrandColor::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_logo_is_a_small_picture_that_is_what_it_says() {
        let png = format!("data:image/png;base64,{}", BASE64.encode(PNG));
        assert!(Logo::parse(&png).is_ok());
        let lying = format!("data:image/jpeg;base64,{}", BASE64.encode(PNG));
        assert!(Logo::parse(&lying).expect_err("a PNG named JPEG").contains("PNG picture"));
        let svg = format!("data:image/svg+xml;base64,{}", BASE64.encode(b"<svg onload='x'/>"));
        assert!(Logo::parse(&svg).is_err());
        assert!(Logo::parse("https://cdn.example.com/logo.png").is_err(), "no request leaves Docket");
        assert!(Logo::parse("javascript:alert(1)").is_err());
        let big = format!("data:image/png;base64,{}", BASE64.encode(&[PNG, &vec![0u8; MAX_LOGO_BYTES]].concat()));
        assert!(Logo::parse(&big).expect_err("too big").contains("KiB"));
    }

    #[test]
    fn settings_default_to_showing_the_outcome_and_its_message() {
        let s: WidgetSettings = serde_json::from_str("{}").expect("defaults");
        assert_eq!(s.outcomes.rejected, OutcomeShown::OutcomeAndMessage);
        assert_eq!(s.branding.font, Font::System);
        assert!(serde_json::from_str::<WidgetSettings>(r#"{"branding": {"css": "body{}"}}"#).is_err());
        assert!(serde_json::from_str::<WidgetSettings>(r#"{"branding": {"font": "Comic Sans"}}"#).is_err());
        assert_eq!(stored("not json"), WidgetSettings::default());
    }
}
