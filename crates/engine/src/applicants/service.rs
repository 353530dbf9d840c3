//! The applicant rules: what may be stored, how updates apply, who sees what.

use super::info::system_info;
use super::model::{
    Address, Applicant, ApplicantFilter, ApplicantId, ApplicantInfo, ApplicantType, ApplicantUpdate, InfoPatch,
    NewApplicant, Patch,
};
use super::store;
use crate::Engine;
use crate::aml::{SearchOptions, SearchOptionsInput};
use crate::error::{Error, Result};
use crate::page::{Bounds, JsonPage, Page, PageRequest};
use crate::scope::Scope;
use crate::time::Timestamp;
use crate::values::{ExternalId, text};

/// Bounds of `GET /api/v3/applicants`.
pub const LIST_BOUNDS: Bounds = Bounds::V3;

const MAX_NAME: usize = 200;
const MAX_ADDRESS: usize = 500;
const MAX_ADDRESSES: usize = 10;
const MAX_CUSTOM_FIELDS_BYTES: usize = 16 * 1024;

/// Checks and tidies applicant data. `today` bounds the date of birth.
fn check_info(info: &mut ApplicantInfo, kind: ApplicantType, today: jiff::civil::Date) -> Result<()> {
    fn tidy(field: &str, value: &mut Option<String>, max: usize) -> Result<()> {
        if let Some(v) = value.as_mut() {
            *v = text(field, v, max)?;
        }
        Ok(())
    }
    tidy("full_name", &mut info.full_name, MAX_NAME)?;
    tidy("first_name", &mut info.first_name, MAX_NAME)?;
    tidy("last_name", &mut info.last_name, MAX_NAME)?;
    tidy("address", &mut info.address, MAX_ADDRESS)?;
    tidy("registration_id", &mut info.registration_id, 64)?;

    if let Some(dob) = info.dob {
        let earliest = jiff::civil::date(1900, 1, 1);
        if dob.0 < earliest || dob.0 > today {
            return Err(Error::invalid("dob", format!("must be between 1900-01-01 and today ({today})")));
        }
    }
    if kind == ApplicantType::Organization {
        let person_only = [
            ("first_name", info.first_name.is_some()),
            ("last_name", info.last_name.is_some()),
            ("dob", info.dob.is_some()),
            ("gender", info.gender.is_some()),
            ("citizenship", info.citizenship.is_some()),
        ];
        if let Some((field, _)) = person_only.iter().find(|(_, set)| *set) {
            return Err(Error::invalid(
                *field,
                "applies to Person applicants only; give an Organization its legal name in full_name",
            ));
        }
    }
    if info.addresses.len() > MAX_ADDRESSES {
        return Err(Error::invalid("addresses", format!("at most {MAX_ADDRESSES} addresses")));
    }
    for (kind, address) in info.addresses.iter_mut() {
        check_address(kind, address).map_err(|e| e.within("addresses"))?;
    }
    if info.custom_fields.len() > 100 || info.custom_fields.keys().any(|k| k.is_empty() || k.chars().count() > 64) {
        return Err(Error::invalid("custom_fields", "at most 100 fields, with names of 1 to 64 characters"));
    }
    let size = serde_json::to_vec(&info.custom_fields).map_or(usize::MAX, |v| v.len());
    if size > MAX_CUSTOM_FIELDS_BYTES {
        return Err(Error::invalid("custom_fields", format!("at most {} KiB of JSON", MAX_CUSTOM_FIELDS_BYTES / 1024)));
    }
    Ok(())
}

fn check_address(kind: &str, address: &mut Address) -> Result<()> {
    let kind_ok = (1..=32).contains(&kind.len())
        && kind.starts_with(|c: char| c.is_ascii_lowercase())
        && kind.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !kind_ok {
        return Err(Error::invalid_request(
            "address kinds are lower-case words such as residence, registered or business",
        ));
    }
    let within = |e: Error| e.within(kind);
    for (field, value, max) in [
        ("state", &mut address.state, 120),
        ("city", &mut address.city, 120),
        ("postal_code", &mut address.postal_code, 20),
        ("street", &mut address.street, 300),
    ] {
        if let Some(v) = value.as_mut() {
            *v = text(field, v, max).map_err(within)?;
        }
    }
    Ok(())
}

/// Applies a patch of applicant data and contact details.
fn apply_patch(a: &mut Applicant, patch: InfoPatch) {
    patch.email.apply(&mut a.email);
    patch.phone.apply(&mut a.phone);
    let info = &mut a.provided_info;
    patch.full_name.apply(&mut info.full_name);
    patch.first_name.apply(&mut info.first_name);
    patch.last_name.apply(&mut info.last_name);
    patch.dob.apply(&mut info.dob);
    patch.gender.apply(&mut info.gender);
    patch.citizenship.apply(&mut info.citizenship);
    patch.country.apply(&mut info.country);
    patch.address.apply(&mut info.address);
    patch.registration_id.apply(&mut info.registration_id);
    match patch.addresses {
        Patch::Keep => {}
        Patch::Clear => info.addresses.clear(),
        Patch::Set(changes) => {
            for (kind, address) in changes {
                match address {
                    Some(a) => info.addresses.insert(kind, a),
                    None => info.addresses.remove(&kind),
                };
            }
        }
    }
    match patch.custom_fields {
        Patch::Keep => {}
        Patch::Clear => info.custom_fields.clear(),
        Patch::Set(changes) => {
            for (key, value) in changes {
                if value.is_null() {
                    info.custom_fields.remove(&key);
                } else {
                    info.custom_fields.insert(key, value);
                }
            }
        }
    }
}

/// Checks a create request and makes the applicant it describes.
pub(crate) fn build(input: NewApplicant, id: ApplicantId, now: Timestamp) -> Result<Applicant> {
    let kind = input.applicant_type.unwrap_or_default();
    let mut info = input.info.unwrap_or_default();
    check_info(&mut info, kind, now.date()).map_err(|e| e.within("info"))?;
    let mut search_options = SearchOptions::default();
    search_options.apply(input.search_options.unwrap_or_default()).map_err(|e| e.within("search_options"))?;
    // The Python client sends contact details inside `info`; both places are accepted.
    let email = input.email.or_else(|| info.email.take());
    let phone = input.phone.or_else(|| info.phone.take());
    info.email.clone_from(&email);
    info.phone.clone_from(&phone);
    let mut applicant = Applicant {
        applicant_id: id,
        external_id: input.external_id,
        applicant_type: kind,
        email,
        phone,
        system_info: ApplicantInfo::default(),
        provided_info: info,
        last_verification_id: None,
        last_verification_date: None,
        verification_status: Default::default(),
        aml_screening_enabled: input.aml_screening_enabled.unwrap_or(false),
        last_aml_screening_id: None,
        last_screened_at: None,
        last_risk_score: None,
        last_tags: None,
        tg_profile: None,
        search_options,
        created_at: now,
        updated_at: now,
        verified_info: None,
    };
    applicant.system_info = system_info(&applicant);
    Ok(applicant)
}

/// The applicant operations of one engine.
pub struct Applicants<'e> {
    pub(crate) engine: &'e Engine,
}

impl Applicants<'_> {
    /// Creates an applicant. A duplicate `external_id` within the environment is a conflict.
    pub async fn create(&self, scope: Scope, input: NewApplicant) -> Result<Applicant> {
        self.create_at(scope, input, self.engine.core.clocks.now(scope)).await
    }

    /// Creates an applicant as of `at` (demo data backdates its records).
    pub(crate) async fn create_at(&self, scope: Scope, input: NewApplicant, at: Timestamp) -> Result<Applicant> {
        let applicant = build(input, ApplicantId::new(self.engine.core.clocks.real_now()), at)?;
        let created = self
            .engine
            .core
            .db
            .write(move |conn| {
                if let Some(external_id) = &applicant.external_id
                    && store::external_id_taken(conn, scope, external_id.as_str())?
                {
                    return Err(Error::Conflict(format!(
                        "an applicant with external_id `{}` already exists",
                        crate::values::shorten(external_id.as_str(), 80)
                    )));
                }
                store::insert(conn, scope, &applicant)?;
                Ok(applicant)
            })
            .await?;
        Ok(created)
    }

    /// Records an address an e-mail check proved the applicant owns (its verified e-mail).
    pub(crate) async fn record_verified_email(&self, scope: Scope, id: ApplicantId, email: &str) -> Result<()> {
        let Ok(email) = crate::values::Email::parse(email) else { return Ok(()) };
        let at = self.engine.core.clocks.now(scope);
        self.engine.core.db.write(move |conn| store::record_verified_email(conn, scope, id, email, at).map(drop)).await
    }

    pub async fn get(&self, scope: Scope, id: ApplicantId) -> Result<Applicant> {
        self.engine.core.db.read(move |conn| store::get(conn, scope, id)?.ok_or(Error::not_found("applicant"))).await
    }

    pub async fn get_by_external_id(&self, scope: Scope, external_id: &str) -> Result<Applicant> {
        let external_id = ExternalId::parse(external_id).map_err(|e| e.within("external_id"))?;
        self.engine
            .core
            .db
            .read(move |conn| {
                store::get_by_external_id(conn, scope, external_id.as_str())?.ok_or(Error::not_found("applicant"))
            })
            .await
    }

    /// Applicants newest first.
    pub async fn list(&self, scope: Scope, filter: ApplicantFilter, page: PageRequest) -> Result<Page<Applicant>> {
        if let Some(name) = &filter.name {
            text("name", name, MAX_NAME)?;
        }
        self.engine.core.db.read(move |conn| store::list(conn, scope, &filter, page)).await
    }

    /// The same page as [`Self::list`], already serialised (from each applicant's stored JSON):
    /// what the HTTP list sends.
    pub async fn list_json(&self, scope: Scope, filter: ApplicantFilter, page: PageRequest) -> Result<JsonPage> {
        if let Some(name) = &filter.name {
            text("name", name, MAX_NAME)?;
        }
        self.engine.core.db.read(move |conn| store::list_json(conn, scope, &filter, page)).await
    }

    /// Builds every missing stored public JSON (rows from before it was kept); run at start.
    pub(crate) async fn build_missing_json(&self) -> Result<usize> {
        let mut total = 0;
        loop {
            // In batches, so that other writes are not held up for long.
            let built = self.engine.core.db.write(|conn| store::build_missing_public_json(conn, 1000)).await?;
            if built == 0 {
                return Ok(total);
            }
            total += built;
        }
    }

    /// Applies an update (merge-patch semantics, see [`ApplicantUpdate`]) and returns the result.
    pub async fn update(&self, scope: Scope, id: ApplicantId, update: ApplicantUpdate) -> Result<Applicant> {
        let now = self.engine.core.clocks.now(scope);
        self.modify(scope, id, move |a| {
            let settings = update.settings;
            apply_patch(a, update.info);
            if let Some(nested) = settings.nested_info {
                apply_patch(a, nested);
            }
            check_info(&mut a.provided_info, a.applicant_type, now.date())?;
            if let Some(options) = settings.search_options {
                a.search_options.apply(options).map_err(|e| e.within("search_options"))?;
            }
            if let Some(enabled) = settings.aml_screening_enabled {
                a.aml_screening_enabled = enabled;
            }
            Ok(())
        })
        .await
    }

    /// `POST /api/v3/applicants/{id}/search-options`: fields left out keep their values.
    pub async fn set_search_options(
        &self,
        scope: Scope,
        id: ApplicantId,
        input: SearchOptionsInput,
    ) -> Result<Applicant> {
        self.modify(scope, id, move |a| a.search_options.apply(input)).await
    }

    /// Turns daily AML monitoring on or off.
    pub async fn set_screening(&self, scope: Scope, id: ApplicantId, enabled: bool) -> Result<Applicant> {
        self.modify(scope, id, move |a| {
            a.aml_screening_enabled = enabled;
            Ok(())
        })
        .await
    }

    /// Links a Telegram profile.
    pub async fn link_telegram(&self, scope: Scope, id: ApplicantId, profile: &str) -> Result<Applicant> {
        let profile = text("tg_profile", profile, 64)?;
        self.modify(scope, id, move |a| {
            a.tg_profile = Some(profile);
            Ok(())
        })
        .await
    }

    /// Deletes an applicant: an erasure of everything that holds its data (see
    /// [`crate::erasure`]), recorded as asked for by `by`.
    pub async fn delete(&self, scope: Scope, id: ApplicantId, by: &str) -> Result<crate::erasure::Erasure> {
        self.engine.erasures().applicant(scope, id, by).await
    }

    /// The environment an applicant is in, whichever organization (for the machine's owner's
    /// tools, such as `docket erase`).
    pub async fn scope_of(&self, id: ApplicantId) -> Result<Scope> {
        self.engine.core.db.read(move |conn| store::scope_of(conn, id)?.ok_or(Error::not_found("applicant"))).await
    }

    pub async fn count(&self, scope: Scope) -> Result<u64> {
        self.engine.core.db.read(move |conn| store::count(conn, scope)).await
    }

    /// Loads, changes and stores one applicant in one transaction.
    async fn modify<F>(&self, scope: Scope, id: ApplicantId, change: F) -> Result<Applicant>
    where
        F: FnOnce(&mut Applicant) -> Result<()> + Send + 'static,
    {
        let now = self.engine.core.clocks.now(scope);
        let updated = self
            .engine
            .core
            .db
            .write(move |conn| {
                let mut applicant = store::get(conn, scope, id)?.ok_or(Error::not_found("applicant"))?;
                change(&mut applicant)?;
                applicant.provided_info.email.clone_from(&applicant.email);
                applicant.provided_info.phone.clone_from(&applicant.phone);
                applicant.system_info = system_info(&applicant);
                applicant.updated_at = now;
                store::update(conn, scope, &applicant)?;
                Ok(applicant)
            })
            .await?;
        Ok(updated)
    }
}
