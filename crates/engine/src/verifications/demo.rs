//! The demo data set's document verifications (sandbox only): a profile with a public link, and
//! verifications of demo people in every state a demo wants to show, with generated pictures
//! of documents. Outcomes come from the documented magic file names, so they are what the
//! sandbox would give any caller.

use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use serde_json::json;

use super::document::DocumentType;
use super::service::{NewDocument, NewProfile, NewVerification, UploadTarget};
use super::status::VerificationStatus;
use crate::Actor;
use crate::error::{Error, Result};
use crate::scope::Scope;

/// What one demo verification shows: the demo person (1-based), its files' names, and whether
/// it is proceeded.
struct DemoVerification {
    person: usize,
    passport: Option<&'static str>,
    selfie: Option<&'static str>,
    proceed: bool,
}

const VERIFICATIONS: &[DemoVerification] = &[
    DemoVerification { person: 1, passport: Some("passport.jpg"), selfie: Some("selfie.jpg"), proceed: true },
    DemoVerification { person: 2, passport: Some("passport.jpg"), selfie: Some("selfie.jpg"), proceed: true },
    // Left to a reviewer, as production would: the document review in the console.
    DemoVerification {
        person: 3,
        passport: Some("passport-manual_review.jpg"),
        selfie: Some("selfie.jpg"),
        proceed: true,
    },
    DemoVerification { person: 4, passport: Some("passport-expired.jpg"), selfie: Some("selfie.jpg"), proceed: true },
    DemoVerification { person: 5, passport: Some("passport.jpg"), selfie: Some("selfie-mismatch.jpg"), proceed: true },
    DemoVerification { person: 7, passport: Some("passport.jpg"), selfie: Some("selfie.jpg"), proceed: true },
    DemoVerification { person: 8, passport: Some("passport.jpg"), selfie: None, proceed: false },
    DemoVerification { person: 10, passport: None, selfie: None, proceed: false },
];

/// The demo profile's name (its presence marks the demo verifications as seeded).
const DEMO_PROFILE: &str = "EU residents with proof of address";

/// A picture that looks like a document or a face photo at a glance: a pale card with a
/// coloured band, a photo box and lines of "text", varied by `seed` so that no two demo
/// pictures are the same to the duplicate check.
pub(crate) fn picture(seed: u32, face: bool) -> Vec<u8> {
    let (w, h) = if face { (360, 480) } else { (640, 420) };
    let hue = |k: u32| ((seed.wrapping_mul(2_654_435_761).rotate_left(k) >> 24) as u8) / 2 + 60;
    let band = Rgb([hue(0), hue(8), 160]);
    // A block's brightness, scrambled by the seed: the person's photo and the text differ from
    // one picture to the next as they do between two people's documents.
    let block = |bx: u32, by: u32| -> u8 {
        let mixed = bx.wrapping_mul(73_856_093) ^ by.wrapping_mul(19_349_663) ^ seed.wrapping_mul(83_492_791);
        (mixed.wrapping_mul(2_654_435_761) >> 24) as u8
    };
    let img = RgbImage::from_fn(w, h, |x, y| {
        if face {
            let (cx, cy) = (w as i64 / 2, h as i64 * 2 / 5);
            let (dx, dy) = (x as i64 - cx, y as i64 - cy);
            if dx * dx * 4 + dy * dy * 3 < 130 * 130 {
                let shade = block(x / 40, y / 40) / 3;
                return Rgb([150 + shade, 110 + shade / 2, 90 + shade / 2]);
            }
            let v = block(x / 60, y / 60);
            return Rgb([v / 2 + hue(16) / 2, v / 2 + 40, 200 - v / 3]);
        }
        if y < 70 {
            return band;
        }
        if (30..190).contains(&x) && (100..330).contains(&y) {
            let v = block(x / 32, y / 46);
            return Rgb([v, v.saturating_sub(20), v.saturating_sub(40)]);
        }
        let on_line = (100..380).contains(&y) && {
            let (line, within) = ((y - 100) / 28, (y - 100) % 28);
            let end = 260 + u32::from(block(line, 99)) * 340 / 255;
            x > 220 && x < end && within < 12
        };
        if on_line { Rgb([60, 60, 70]) } else { Rgb([244, 241, 232]) }
    });
    let mut out = std::io::Cursor::new(Vec::new());
    match DynamicImage::ImageRgb8(img).write_to(&mut out, ImageFormat::Jpeg) {
        Ok(()) => out.into_inner(),
        Err(_) => Vec::new(),
    }
}

impl super::Verifications<'_> {
    /// Seeds the demo verifications once; the number made.
    pub async fn seed_demo(&self, scope: Scope) -> Result<usize> {
        if !scope.is_sandbox() {
            return Err(Error::Forbidden("demo data goes into the sandbox only".into()));
        }
        let existing = self.list_profiles(scope, crate::page::PageRequest { page: 0, limit: 100 }).await?;
        if existing.data.iter().any(|p| p.name == DEMO_PROFILE) {
            return Ok(0);
        }
        let settings = json!({
            "poa_required": true, "countries": ["DE", "FR", "ES", "IT", "NL", "PL", "SE", "AT", "PT", "IE"],
            "face_comparison_allowed_documents": ["selfie", "liveness_photo"],
            "finish_screen_settings": {"enabled": true, "settings": {"title": "Thank you", "main_text": "We will e-mail you once your identity is confirmed."}},
        });
        let profile = NewProfile {
            name: Some(DEMO_PROFILE.to_owned()),
            description: Some(
                "Identity document, selfie or liveness photo, and a recent utility bill or bank statement.".into(),
            ),
            settings: Some(settings),
        };
        let profile = self.create_profile(scope, profile, Actor::Docket).await?.id;
        self.create_link(scope, profile, Some(1440)).await?;

        let mut made = 0;
        for (i, demo) in VERIFICATIONS.iter().enumerate() {
            let external_id = format!("demo-person-{:03}", demo.person);
            let Ok(applicant) = self.engine.applicants().get_by_external_id(scope, &external_id).await else {
                continue;
            };
            let input = NewVerification {
                applicant_id: Some(applicant.applicant_id),
                expiration_minutes: Some(10_080),
                ..NewVerification::default()
            };
            let v = self.create(scope, input, Actor::Docket).await?;
            let seed = 7_000 + i as u32 * 10;
            let files = [(DocumentType::Passport, demo.passport, false), (DocumentType::Selfie, demo.selfie, true)];
            for (n, (document_type, name, face)) in files.into_iter().enumerate() {
                let Some(name) = name else { continue };
                let document = NewDocument { document_type: Some(document_type), side: None, issued_country: None };
                let bytes = picture(seed + n as u32, face);
                self.add_document_bytes(scope, UploadTarget::Applicant(applicant.applicant_id), document, name, &bytes)
                    .await?;
            }
            if demo.proceed {
                let _ = self.proceed(scope, v.id, Actor::Docket).await?;
            }
            made += 1;
        }
        // Finish the proceeded ones now rather than 20 seconds later.
        self.finish_due_now(scope).await?;
        Ok(made)
    }

    /// Runs the checks of the demo's proceeded verifications now rather than after the
    /// sandbox's 20 seconds.
    async fn finish_due_now(&self, scope: Scope) -> Result<()> {
        let filter = super::VerificationFilter { status: vec![VerificationStatus::InProgress], ..Default::default() };
        let page = self.list(scope, filter, crate::page::PageRequest { page: 0, limit: 100 }).await?;
        let now = self.engine.now(scope);
        let ids: Vec<uuid::Uuid> = page.data.iter().map(|v| v.id.as_uuid()).collect();
        self.engine
            .core
            .db
            .write(move |conn| {
                for id in &ids {
                    crate::work::store::schedule(conn, crate::work::Kind::VerificationProcess, scope, *id, now)?;
                }
                Ok(())
            })
            .await?;
        crate::work::run_now(self.engine, &super::process::ProcessWorker).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn demo_pictures_decode_and_differ() {
        let a = super::super::images::decode(&super::picture(1, false)).expect("decodes");
        let b = super::super::images::decode(&super::picture(2, false)).expect("decodes");
        let face = super::super::images::decode(&super::picture(1, true)).expect("decodes");
        assert_eq!((a.width(), face.height()), (640, 480));
        let bits = super::super::images::dhash(&a).distance(&super::super::images::dhash(&b));
        assert!(bits > super::super::images::SAME_PICTURE_BITS, "{bits}");
    }
}
