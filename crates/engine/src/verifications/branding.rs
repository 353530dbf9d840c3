//! The hosted verification page under the business's name: a profile's `ui_settings` read into
//! a [`Branding`] whose every value is safe to use as it stands. Colours are CSS colour values
//! only (hex, `rgb()`/`hsl()` of numbers, or a colour name), the logo an `https` URL or a
//! `data:` picture (PNG, JPEG, GIF, WebP), the font one of a small list of font stacks; anything
//! else is left out, never passed on. The page sets them as CSS custom properties and attributes,
//! never as CSS text.
//!
//! Keys read (all optional): `company_name`, `logo_url` (or `logo`), `primary_color` (or
//! `accent_color`), `background_color`, `text_color`, `font` (or `font_family`).

use serde::Serialize;
use serde_json::Value;

/// The look of a profile's hosted page, sanitised.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Branding {
    /// The business's name, shown in the header and the page's title.
    pub company_name: Option<String>,
    pub logo_url: Option<String>,
    /// Buttons, links and progress.
    pub primary_color: Option<String>,
    pub background_color: Option<String>,
    pub text_color: Option<String>,
    /// A CSS font stack from the allowed list.
    pub font_family: Option<String>,
}

/// The fonts a profile may name, and the stacks they stand for (only fonts a device has: the
/// page makes no request elsewhere).
const FONTS: &[(&str, &str)] = &[
    ("system", "system-ui, -apple-system, \"Segoe UI\", Roboto, sans-serif"),
    ("sans-serif", "\"Helvetica Neue\", Helvetica, Arial, sans-serif"),
    ("helvetica", "\"Helvetica Neue\", Helvetica, Arial, sans-serif"),
    ("arial", "Arial, \"Helvetica Neue\", Helvetica, sans-serif"),
    ("inter", "Inter, system-ui, sans-serif"),
    ("roboto", "Roboto, system-ui, sans-serif"),
    ("serif", "Georgia, \"Times New Roman\", serif"),
    ("georgia", "Georgia, \"Times New Roman\", serif"),
    ("rounded", "ui-rounded, \"SF Pro Rounded\", system-ui, sans-serif"),
    ("monospace", "ui-monospace, Menlo, Consolas, monospace"),
];

const MAX_LOGO_URL: usize = 2048;
const MAX_LOGO_DATA: usize = 256 * 1024;

impl Branding {
    /// Reads `ui_settings` (an object, or a JSON string of one); what is not valid is left out.
    pub fn from_ui_settings(ui: &Value) -> Branding {
        let parsed;
        let ui = match ui {
            Value::String(s) => {
                parsed = serde_json::from_str::<Value>(s).unwrap_or(Value::Null);
                &parsed
            }
            other => other,
        };
        let text = |keys: &[&str]| keys.iter().find_map(|k| ui.get(*k).and_then(Value::as_str)).map(str::trim);
        Branding {
            company_name: text(&["company_name"])
                .filter(|n| !n.is_empty() && n.chars().count() <= 100 && !n.chars().any(char::is_control))
                .map(str::to_owned),
            logo_url: text(&["logo_url", "logo"]).and_then(logo),
            primary_color: text(&["primary_color", "accent_color"]).and_then(colour),
            background_color: text(&["background_color"]).and_then(colour),
            text_color: text(&["text_color"]).and_then(colour),
            font_family: text(&["font", "font_family"]).and_then(|f| {
                FONTS.iter().find(|(name, _)| name.eq_ignore_ascii_case(f)).map(|(_, stack)| (*stack).to_owned())
            }),
        }
    }

    /// The origin an `https` logo is loaded from, for the page's content policy.
    pub fn logo_origin(&self) -> Option<String> {
        let url = url::Url::parse(self.logo_url.as_deref()?).ok().filter(|u| u.scheme() == "https")?;
        Some(url.origin().ascii_serialization())
    }
}

/// A CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`/`hsl()`/`hsla()` of
/// numbers, or a colour's name (letters only).
fn colour(value: &str) -> Option<String> {
    let v = value.to_ascii_lowercase();
    let ok = if let Some(hex) = v.strip_prefix('#') {
        matches!(hex.len(), 3 | 4 | 6 | 8) && hex.chars().all(|c| c.is_ascii_hexdigit())
    } else if let Some((function, rest)) = v.split_once('(') {
        matches!(function, "rgb" | "rgba" | "hsl" | "hsla")
            && rest.strip_suffix(')').is_some_and(|args| {
                !args.is_empty() && args.chars().all(|c| c.is_ascii_digit() || " .,%/".contains(c) || "deg".contains(c))
            })
    } else {
        (3..=20).contains(&v.len()) && v.chars().all(|c| c.is_ascii_lowercase())
    };
    (ok && v.len() <= 64).then_some(v)
}

/// A logo: an `https` URL without credentials, or a base64 `data:` picture.
fn logo(value: &str) -> Option<String> {
    if let Some(rest) = value.strip_prefix("data:") {
        let (kind, data) = rest.split_once(";base64,")?;
        let picture = matches!(kind, "image/png" | "image/jpeg" | "image/gif" | "image/webp");
        let base64 = !data.is_empty() && data.bytes().all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b));
        return (picture && base64 && value.len() <= MAX_LOGO_DATA).then(|| value.to_owned());
    }
    if value.len() > MAX_LOGO_URL {
        return None;
    }
    let url = url::Url::parse(value).ok()?;
    let plain =
        url.scheme() == "https" && url.host().is_some() && url.username().is_empty() && url.password().is_none();
    plain.then(|| url.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn good_values_are_kept() {
        let b = Branding::from_ui_settings(&json!({
            "company_name": "Acme Bank", "logo_url": "https://cdn.acme.example/logo.png",
            "primary_color": "#0B5FFF", "background_color": "rgb(250, 250, 250)", "text_color": "navy",
            "font": "Serif"
        }));
        assert_eq!(b.company_name.as_deref(), Some("Acme Bank"));
        assert_eq!(b.primary_color.as_deref(), Some("#0b5fff"));
        assert_eq!(b.background_color.as_deref(), Some("rgb(250, 250, 250)"));
        assert_eq!(b.text_color.as_deref(), Some("navy"));
        assert_eq!(b.font_family.as_deref(), Some("Georgia, \"Times New Roman\", serif"));
        assert_eq!(b.logo_origin().as_deref(), Some("https://cdn.acme.example"));
        // A JSON string, as the Android client sends it.
        let s = Branding::from_ui_settings(&json!("{\"accent_color\": \"hsl(220deg 90% 40%)\"}"));
        assert_eq!(s.primary_color.as_deref(), Some("hsl(220deg 90% 40%)"));
        let data = Branding::from_ui_settings(&json!({"logo": "data:image/png;base64,iVBORw0KGgo="}));
        assert!(data.logo_url.is_some() && data.logo_origin().is_none());
    }

    #[test]
    fn anything_that_could_carry_css_or_script_is_left_out() {
        let b = Branding::from_ui_settings(&json!({
            "company_name": "x\u{0}y",
            "logo_url": "javascript:alert(1)",
            "primary_color": "red; background: url(https://evil.example/x)",
            "background_color": "rgb(1,2,3) url(x)",
            "text_color": "expression(alert(1))",
            "font": "Comic Sans\"; } body { display:none"
        }));
        assert_eq!(b, Branding::default());
        for bad in [
            "http://plain.example/logo.png",
            "https://user:pw@host.example/l.png",
            "data:image/svg+xml;base64,PHN2Zz4=",
            "data:image/png;base64,<script>",
        ] {
            assert_eq!(logo(bad), None, "{bad}");
        }
        assert_eq!(colour("#12345"), None);
        assert_eq!(Branding::from_ui_settings(&json!("not json")), Branding::default());
    }
}
