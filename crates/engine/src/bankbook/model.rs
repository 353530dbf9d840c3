//! A bank statement's extraction as served and stored: each field with its value, validity and
//! the line it was read from; the holder compared with the applicant; the editing signs of the
//! file; how the text was read; and whether a reviewer must look (`needs_review`, with why).

use serde::{Deserialize, Serialize};

use crate::applicants::ApplicantId;
use crate::files::FileId;
use crate::time::Timestamp;

crate::id::typed_id!(
    /// An uploaded bank statement or bankbook and its extraction.
    BankStatementId,
    "bank statement"
);

/// Whether the extraction can be relied on as read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum StatementStatus {
    /// Text was read and nothing in it needs a reviewer.
    Extracted,
    /// A reviewer must look: `reasons` says why (no text could be read, a field failed its
    /// check, the holder is not the applicant, the file shows signs of editing).
    NeedsReview,
}

impl StatementStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            StatementStatus::Extracted => "extracted",
            StatementStatus::NeedsReview => "needs_review",
        }
    }
}

/// How the page text was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ReadingMethod {
    /// The PDF's own text layer (poppler's `pdftotext -layout`).
    TextLayer,
    /// Optical character recognition of a picture (Tesseract).
    Ocr,
    /// No text could be read (a scanned PDF, a picture without OCR): a reviewer reads it.
    None,
}

/// Where a value was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FieldEvidence {
    /// 1-based page.
    pub page: u32,
    /// 1-based line of the page's text.
    pub line: u32,
    /// The line as read.
    pub text: String,
}

/// One extracted field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StatementField<T> {
    pub value: T,
    /// For checked fields (IBAN, BIC, period): whether the value passed its check.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid: Option<bool>,
    /// Why a checked value is not valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
    pub evidence: FieldEvidence,
}

/// A statement's period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StatementPeriod {
    /// `YYYY-MM-DD`.
    pub from: String,
    /// `YYYY-MM-DD`.
    pub to: String,
}

/// A balance: an exact decimal as a string (`"-1234.56"`) and its currency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StatementBalance {
    pub amount: String,
    /// ISO 4217, when printed on the statement.
    pub currency: Option<String>,
}

/// The fields read; a field not printed (or not recognisably labelled) is absent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StatementFields {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holder: Option<StatementField<String>>,
    /// Electronic form; `valid` by ISO 13616 (mod-97, the country's format and length).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iban: Option<StatementField<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub account_number: Option<StatementField<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bank_name: Option<StatementField<String>>,
    /// `valid` by ISO 9362 with an ISO 3166 country.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bic: Option<StatementField<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<StatementField<StatementPeriod>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opening_balance: Option<StatementField<StatementBalance>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closing_balance: Option<StatementField<StatementBalance>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<StatementField<String>>,
}

/// How the holder compares with the applicant's name (the AML name matcher's score).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum HolderMatchLevel {
    /// 0.9 or more: the same name (order, case, accents and titles aside).
    Match,
    /// 0.75 to 0.9: close (a middle name missing, a spelling variant): a reviewer confirms.
    Partial,
    /// Below 0.75: another name.
    Mismatch,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HolderMatch {
    /// 0 to 1 (`aml` name scoring, `docket-names-2`).
    pub score: f64,
    pub level: HolderMatchLevel,
    /// The applicant's name it was compared with.
    pub applicant_name: String,
}

/// A statement and what was read from it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BankStatement {
    pub id: BankStatementId,
    pub applicant_id: ApplicantId,
    pub file_id: FileId,
    pub file_name: Option<String>,
    /// `application/pdf`, `image/jpeg` or `image/png`, by the content.
    pub media_type: String,
    pub status: StatementStatus,
    /// Why a reviewer must look (empty when `extracted`).
    pub reasons: Vec<String>,
    pub method: ReadingMethod,
    /// Pages read (0 when no text was read).
    pub pages: u32,
    pub fields: StatementFields,
    /// Absent when no holder was read or the applicant has no name.
    pub holder_match: Option<HolderMatch>,
    /// Signs of editing in the file's metadata (an editor as producer, incremental updates), as
    /// for KYB documents.
    pub editing_signs: Vec<String>,
    /// The sandbox's magic file name that decided the text read, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sandbox_scenario: Option<String>,
    pub created_at: Timestamp,
}
