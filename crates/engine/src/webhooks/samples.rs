//! Example payloads per event type: the event catalogue's examples, and what "send test event"
//! sends for types without a live sample. AML_SCREENING test events carry a real search (see
//! the service); the others follow the public service's published payloads where known.

use super::model::EventType;

/// Whether Docket emits this type today, and what its payload is.
pub struct CatalogueEntry {
    pub event_type: EventType,
    pub emitted: bool,
    pub summary: &'static str,
    pub description: &'static str,
    /// Example payload, JSON.
    pub example: &'static str,
}

/// Every event type, in catalogue order.
pub const CATALOGUE: [CatalogueEntry; 11] = [
    CatalogueEntry {
        event_type: EventType::AmlScreening,
        emitted: true,
        summary: "An applicant was screened",
        description: "Sent when an applicant with `aml_screening_enabled` is screened: when it is created or \
            changed, daily by its environment's clock, and after a list import. The payload holds the \
            request and the full search report under both `search_response` (current docs and clients) and \
            `search_result` (older examples); `risk_score.type` is the highest risk among the hits that flag, \
            `Low` when there are none (a clean screening, as the public example).",
        example: AML_SCREENING,
    },
    CatalogueEntry {
        event_type: EventType::DeepfakeAnalysis,
        emitted: true,
        summary: "A deepfake analysis finished",
        description: "Sent when a stream on `/api/v4/deepfake/stream` closes (one its client closed without \
            sending anything leaves no analysis) and when an upload to `POST /api/v4/deepfake/analyses` is analysed (the public service's \
            payload is not published; this is Docket's). The payload is the analysis as \
            `GET /api/v4/deepfake/analyses/{id}` answers it: `status` `completed` with `verdict` (`clear`, \
            `suspicious`, `alert`) and `score` (the sandbox's simulation), or `error` with `reason` and no score \
            (production: nothing offline can tell a deepfake), and the evidence (`stream` or `upload`).",
        example: DEEPFAKE_ANALYSIS,
    },
    CatalogueEntry {
        event_type: EventType::Docver,
        emitted: true,
        summary: "A document verification finished",
        description: "The full verification object (as `GET /api/v3/verifications/{id}` answers it), sent when a \
            verification ends `verified` or `failed`, in the same transaction as the outcome.",
        example: DOCVER,
    },
    CatalogueEntry {
        event_type: EventType::DocverChecks,
        emitted: true,
        summary: "A step of a document verification finished",
        description: "One check step's result when it is decided (by the sandbox, by Docket's own checks or by a \
            reviewer): `verification_id`, `applicant_id`, `verification_url_id`, `step` and `result` (the check: \
            `status`, `errors`, `pending_documents`, `data`, `decided_by`).",
        example: DOCVER_CHECKS,
    },
    CatalogueEntry {
        event_type: EventType::BankbookExtraction,
        emitted: true,
        summary: "A bank statement was read",
        description: "Sent when a bank statement or bankbook uploaded with `POST /api/v4/bankbook/{applicant_id}` \
            has been read, in the same transaction as its result. The payload is the result as \
            `GET /api/v4/bankbook/{id}` answers it: `status` (`extracted`, `needs_review`) with its `reasons`, \
            `method` (`text_layer`, `ocr`, `none`), `pages`, `fields` (each with `value`, `valid` for the checked \
            ones and `evidence`), `holder_match` and `editing_signs`.",
        example: BANKBOOK_EXTRACTION,
    },
    CatalogueEntry {
        event_type: EventType::TransactionMonitoring,
        emitted: true,
        summary: "A transaction or payment was evaluated",
        description: "Sent for every event of `POST /api/v3/transmon/transaction` and `.../payment`, once its rules \
            and checks ran (the public service's payload is not published; this is Docket's): `event_id`, \
            `event_type`, `applicant_id`, `received_at`, `decision` (`allow`, `review`, `reject`), `causes`, \
            `fired_rules`, `rule_errors` (code, message, line, column), `rules_evaluated`, `stopped_by` (the \
            `reject` rule that stopped the rest), `checks.aml_payee`, `stats` (what `stats.*` read) and `event` \
            (the fields as submitted). The same as `GET /api/v3/transmon/events/{event_id}`.",
        example: TRANSACTION_MONITORING,
    },
    CatalogueEntry {
        event_type: EventType::KytWalletCheck,
        emitted: true,
        summary: "A crypto wallet was checked",
        description: "Sent for every KYT check: one made with `POST /api/v4/kyt/checks`, a monitored address's \
            re-check that found a new sanctions listing (origin `monitoring`, after a list import), and the demo's \
            (origin `demo`). A monitored transaction's wallets are checked by the same code and reported in its \
            `TRANSACTION_MONITORING` result (`checks.kyt_wallets`). The payload is the check as \
            `GET /api/v4/kyt/checks/{id}` answers it (the public service publishes only the event's name).",
        example: KYT_WALLET_CHECK,
    },
    CatalogueEntry {
        event_type: EventType::KybVerification,
        emitted: true,
        summary: "A KYB case changed status",
        description: "Sent whenever a case's status changes: submitted (`under_review`), decided by the pipeline \
            (`approved`, `manual_review`, `rejected`, `failed`), sent back to the merchant (`action_required`), \
            resubmitted, or decided by a reviewer. The payload is the case as the list serves it (spec 2.1: \
            status, stage, risk_level, company, form_progress, checks_summary) plus `previous_status`.",
        example: KYB_VERIFICATION,
    },
    CatalogueEntry {
        event_type: EventType::KybCheck,
        emitted: true,
        summary: "A single KYB check finished",
        description: "Sent when a TIN verification, a US registry lookup or a document verification finishes. \
            The payload is what `GET /api/v4/kyb/result/{request_id}` answers then, plus `applicant_id`.",
        example: KYB_CHECK,
    },
    CatalogueEntry {
        event_type: EventType::EmailCheck,
        emitted: true,
        summary: "An e-mail check was completed, or its ownership verified",
        description: "The e-mail check as `GET /api/v4/email/checks/{id}` answers it, with `event`: `check_completed` \
            when its verdict is known (at once, or after a greylisted domain's recheck) and `ownership_verified` \
            when the one-time code was verified.",
        example: EMAIL_CHECK,
    },
    CatalogueEntry {
        event_type: EventType::NondocVerification,
        emitted: true,
        summary: "A non-document check was made",
        description: "Sent when `POST /api/v4/nondoc/{applicant_id}/verify` has decided a check, in the same \
            transaction as the check. The payload is the check as `GET /api/v4/nondoc/checks/{id}` answers it: \
            `status` (`passed`, `failed`, `needs_review`), each step of `checks` with its status and evidence, \
            `encoded` (the birth date and sex the number encodes), and the number only masked.",
        example: NONDOC_VERIFICATION,
    },
];

/// The example payload of a type (`ALL` has none of its own: AML_SCREENING's).
pub fn example(event_type: EventType) -> &'static str {
    CATALOGUE.iter().find(|e| e.event_type == event_type).map_or(AML_SCREENING, |e| e.example)
}

const AML_SCREENING: &str = r#"{"screening_id":"01920b6e-7a10-7c3e-9d51-3f0e2b7f4a11","applicant_id":"01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b","external_id":"external_id_123","search_request":{"full_name":"Ivan Sanctionov","fuzziness":true,"fuzziness_level":1,"phonetics":true,"mode":0},"search_response":{"requested_name":"Ivan Sanctionov","search_uuid":"01920b6e-7a10-7c3e-9d51-3f0e2b7f4a11","max_risk_score":"High","data":[],"fatf_records":[],"searched_at":"2026-11-22T09:00:00Z","algorithm":"docket-names-2","threshold":0.75,"lists":[],"request":{"full_name":"Ivan Sanctionov"}},"search_result":{"requested_name":"Ivan Sanctionov","search_uuid":"01920b6e-7a10-7c3e-9d51-3f0e2b7f4a11","max_risk_score":"High","data":[],"fatf_records":[],"searched_at":"2026-11-22T09:00:00Z","algorithm":"docket-names-2","threshold":0.75,"lists":[],"request":{"full_name":"Ivan Sanctionov"}},"risk_score":{"type":"High"},"completed_at":"2026-11-22T09:00:00Z"}"#;

const DEEPFAKE_ANALYSIS: &str = r#"{"id":"019d4e99-0000-7000-8000-000000000001","source":"stream","status":"error","verdict":null,"score":null,"reason":"Docket cannot tell a deepfake offline: no detection model runs on this machine, so no verdict and no score are given. What was received is kept as evidence for a reviewer.","applicant_id":"01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b","is_sandbox":false,"requested_by":"API key 01920b6a-0000-7000-8000-00000000000d","created_at":"2026-11-22T09:00:00.000Z","completed_at":"2026-11-22T09:01:30.000Z","stream":{"started_at":"2026-11-22T09:00:00.000Z","ended_at":"2026-11-22T09:01:30.000Z","duration_ms":90000,"ended_by":"client_closed","end_detail":null,"messages":19,"bytes":1301234,"video_frames":18,"audio_chunks":1,"tracks":[{"format":"jpeg","frames":18,"bytes":1253234,"largest_frame_bytes":74211,"width":1280,"height":720,"size_changed":false,"first_received_at":"2026-11-22T09:00:00.120Z","last_received_at":"2026-11-22T09:01:25.100Z","client_declared":{"participant_id":"pc-4f1e9a","track_id":"video-0","first_timestamp_ms":1795338000100,"last_timestamp_ms":1795338085090}},{"format":"pcm","frames":1,"bytes":48000,"largest_frame_bytes":48000,"width":null,"height":null,"size_changed":false,"first_received_at":"2026-11-22T09:00:04.000Z","last_received_at":"2026-11-22T09:00:04.000Z","client_declared":{"participant_id":"pc-4f1e9a","track_id":"audio-0","first_timestamp_ms":1795338004000,"last_timestamp_ms":1795338004000}}],"client_declared":{"user_agent":"Python/3.12 aiohttp/3.11.18"}},"upload":null}"#;

const DOCVER: &str = r#"{"id":"01920b6f-0000-7000-8000-000000000001","applicant_id":"01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b","status":"verified","organization_id":"01920b6a-0000-7000-8000-00000000000a","account_id":"01920b6a-0000-7000-8000-00000000000b","account_email":"","documents":[{"document_id":"01920b70-0000-7000-8000-000000000002","document_type":"passport","content_type":"image/jpeg"},{"document_id":"01920b70-0000-7000-8000-000000000003","document_type":"selfie","content_type":"image/jpeg"}],"document_ids":["01920b70-0000-7000-8000-000000000002","01920b70-0000-7000-8000-000000000003"],"document_type":"passport","checks":{"document_mrz":{"status":"verified","errors":[],"pending_documents":[],"data":{"document_type":"Passport","country":"DEU","name":"ERIKA","surname":"MUSTERMANN","doc_number":"C01X00T47","nationality":"DEU","birth_date":"830812","sex":"F","expiry_date":"340101"},"decided_by":"sandbox"},"document_ocr":{"status":"verified","errors":[],"pending_documents":[],"data":null,"decided_by":"sandbox"},"face_comparison":{"status":"verified","errors":[],"pending_documents":[],"data":null,"decided_by":"sandbox"}},"created_at":"2026-11-22T09:00:00.000Z","completed_at":"2026-11-22T09:05:00.000Z","expires_at":"2026-11-22T13:00:00.000Z","verification_url":"http://127.0.0.1:3625/v/V1A2B3C4D5E6F7A8B","verification_url_id":"V1A2B3C4D5E6F7A8B","country_code":"DE","is_sandbox":true,"profile_id":"01920b6a-0000-7000-8000-00000000000c","aml_search_id":null,"poi_data":{"parsed_type":"passport","has_mrz":true,"raw_mrz_type":"P","country":"DEU","full_name":"Erika Mustermann","name":"Erika","surname":"Mustermann","document_number":"C01X00T47","nationality":"DEU","birth_date":"1983-08-12","sex":"F","expiry_date":"2034-01-01","issue_date":null},"settings":{"poi_required":true,"poi_allowed_documents":["passport","id_card","driver_license","residence_permit"],"face_comparison_required":true,"face_comparison_allowed_documents":["selfie"],"poa_required":false,"poa_allowed_documents":["poa","poa_utility_bill","poa_bank_statement","poa_residence_registration"],"disable_cross_check_by_bio":false,"disable_cross_check_by_photo":false,"disable_verify_poa_country_match_with_poi":false,"countries":[],"area_filter_type":"include","regions":[],"allow_poi_manual_uploads":false,"allow_desktop":true,"ui_settings":{},"manual_field_settings":{"enabled":false,"description":null,"full_name":null,"email":null,"phone":null,"country":null,"dob":null,"gender":null,"citizenship":null,"address":null,"certificate_of_incorporation":null,"ownership_document":null,"custom_fields":[]},"finish_screen_settings":{"enabled":false,"settings":{"title":null,"main_text":null,"redirect_warning":null,"cta":null,"redirect_link":null}}},"manual_fields":{},"duplicated_applicant_ids":[],"link_id":null}"#;

const BANKBOOK_EXTRACTION: &str = r#"{"id":"01920b70-0000-7000-8000-000000000001","applicant_id":"01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b","file_id":"01920b70-0000-7000-8000-000000000002","file_name":"statement-2026-03.pdf","media_type":"application/pdf","status":"needs_review","reasons":["the holder (Maximilian Otherperson) is not the applicant (Erika Mustermann)"],"method":"text_layer","pages":1,"fields":{"holder":{"value":"Maximilian Otherperson","evidence":{"page":1,"line":2,"text":"Account holder:  Maximilian Otherperson"}},"iban":{"value":"DE89370400440532013000","valid":true,"evidence":{"page":1,"line":3,"text":"IBAN:  DE89 3704 0044 0532 0130 00                   BIC:  COBADEFFXXX"}},"bic":{"value":"COBADEFFXXX","valid":true,"evidence":{"page":1,"line":3,"text":"IBAN:  DE89 3704 0044 0532 0130 00                   BIC:  COBADEFFXXX"}},"period":{"value":{"from":"2026-03-01","to":"2026-03-31"},"valid":true,"evidence":{"page":1,"line":4,"text":"Statement period:  01.03.2026 - 31.03.2026"}},"opening_balance":{"value":{"amount":"1250.00","currency":"EUR"},"evidence":{"page":1,"line":5,"text":"Opening balance                                 1.250,00 EUR"}},"closing_balance":{"value":{"amount":"2480.35","currency":"EUR"},"evidence":{"page":1,"line":6,"text":"Closing balance                                 2.480,35 EUR"}},"currency":{"value":"EUR","evidence":{"page":1,"line":5,"text":"Opening balance                                 1.250,00 EUR"}}},"holder_match":{"score":0.0,"level":"mismatch","applicant_name":"Erika Mustermann"},"editing_signs":[],"created_at":"2026-03-31T09:00:00Z"}"#;
const DOCVER_CHECKS: &str = r#"{"verification_id":"01920b6f-0000-7000-8000-000000000001","applicant_id":"01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b","verification_url_id":"V1A2B3C4D5E6F7A8B","step":"face_comparison","result":{"status":"failed","errors":[{"code":4001,"message":"the face does not match the identity document"}],"pending_documents":[],"data":null,"decided_by":"reviewer:Ana"}}"#;

const TRANSACTION_MONITORING: &str = r#"{"event_id":"019d4e90-0000-7000-8000-000000000001","event_type":"transaction","applicant_id":"01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b","received_at":"2026-11-22T09:00:00.000Z","decision":"review","causes":["VELOCITY_1D"],"fired_rules":[{"rule_id":"01920b70-0000-7000-8000-000000000002","name":"Three or more transfers today","event_type":"transaction_post","rank":20,"causes":["VELOCITY_1D"],"action":null}],"rule_errors":[],"rules_evaluated":4,"stopped_by":null,"checks":{"aml_payee":{"name":"John Doe","hits":0,"max_risk_score":null,"best_match":null,"best_match_percentage":null}},"stats":{"last1d":{"sum":"1680.00","avg":"560","min":"560.00","max":"560.00","transactions_count":3},"last7d":{"sum":"2240.00","avg":"560","min":"560.00","max":"560.00","transactions_count":4},"last30d":{"sum":"2240.00","avg":"560","min":"560.00","max":"560.00","transactions_count":4}},"event":{"applicant_id":"01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b","amount":"560.00","currency_code":"EUR","payee_alias":"John Doe","payee_country_cd":"US"}}"#;

const KYB_VERIFICATION: &str = r#"{"id":"01920b71-0000-7000-8000-000000000003","verification_id":"01920b71-0000-7000-8000-000000000004","public_id":"KYB-7K3M9QX2","organization_id":"01920b6d-0000-7000-8000-000000000005","applicant_id":"01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b","external_id":"merchant-1042","company_name":"Brightwater Logistics Ltd","country":"GB","status":"manual_review","stage":"manual_review","decision":null,"risk_score":null,"risk_level":"medium","is_sandbox":true,"created_at":"2026-11-22T09:00:00Z","submitted_at":"2026-11-22T09:20:00Z","last_activity_at":"2026-11-22T09:20:05Z","company":{"legal_name":"Brightwater Logistics Ltd","dba":null,"form_type":"Private limited company","entity_type":"corporation","registration_type":"company_number","registration_number":"09876543","country":"GB","state":"","representative_name":"Amelia Hart","representative_email":"amelia.hart@brightwater.example"},"form_progress":{"sections_completed":5,"sections_total":5,"current_section":null,"sections":[]},"checks_summary":{"expected":8,"completed":8,"passed":7,"review":1,"failed":0,"errored":0,"checks":[{"type":"kyc","status":"completed","severity":"medium","verdict":"needs_review"}]},"previous_status":"under_review"}"#;

const KYB_CHECK: &str = r#"{"request_id":"019c9e79-4d64-73e1-9f30-5374f0f57975","status":"verified","verification_type":"tin_verification","response_data":{"result":{"name":"DEERE & COMPANY","tin":"362382580","status":"TIN Matched","irs_code":0,"irs_reason":"TIN and Name combination matches IRS records"}},"created_at":"2026-11-22T09:00:00Z","completed_at":"2026-11-22T09:00:02Z","applicant_id":"01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b"}"#;

const KYT_WALLET_CHECK: &str = r#"{"id":"019d4e90-0000-7000-8000-0000000000a1","chain":"bitcoin","address":"1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu","canonical_address":"1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu","address_form":"p2pkh","valid":true,"invalid_code":null,"invalid_reason":null,"tx_hash":null,"applicant_id":null,"monitor":false,"origin":"api","risk_score":{"level":"Severe","score":100},"categories":["sanctions"],"evidence":[{"kind":"sanctions_list","category":"sanctions","list":"OFAC SDN 2026-11-20","entity_id":"6f1c2b0e-3a4d-5e6f-8a9b-0c1d2e3f4a5b","entity_name":"EXAMPLE HOLDER","holder":null,"sources":["OFAC Specially Designated Nationals"],"programs":["CYBER2"],"currency":"XBT","listed_address":"1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu","detail":"The address is listed exactly on OFAC SDN 2026-11-20 (CYBER2), as XBT 1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu."}],"exposure":{"status":"not_checked","reason":"Counterparty exposure needs the chain's transaction graph, which Docket does not hold offline: only the address's validity and the sanctions lists' addresses were checked.","counterparties":[]},"environment":"production","monitored_from":null,"created_at":"2026-11-22T09:00:00.000Z"}"#;

const EMAIL_CHECK: &str = r#"{"event":"ownership_verified","id":"019d4e88-f847-7aa0-892f-bd2d85537ffe","email":"anna.berg@example.com","verdict":"pass","code":null,"risk_score":0,"checks":{"syntax_valid":true,"mx_found":true,"disposable":false,"role_based":false},"otp_sent":true,"otp_expires_at":"2026-11-22T09:10:00.000Z","ownership_verified":true,"ownership_verified_at":"2026-11-22T09:02:11.000Z","created_at":"2026-11-22T09:00:00.000Z","applicant_id":null,"require_ownership":true,"locale":"en","details":{"normalized":"anna.berg@example.com","syntax_error":null,"mx":"found","mx_hosts":[],"catch_all":false,"suggestion":null,"risk_model":"docket-email-risk-1","otp_code":null,"otp_state":"verified","otp_attempts_left":10}}"#;

const NONDOC_VERIFICATION: &str = r#"{"id":"019d4e90-0000-7000-8000-000000000042","applicant_id":"01920b6e-1f00-7b2a-8e33-1c2d3e4f5a6b","verification_type":"NONDOC_NATIONAL_ID","id_type":"PL_PESEL","country":"PL","number_masked":"•••••••7589","status":"needs_review","checks":[{"step":"format","status":"passed","message":"well formed as a Polish PESEL","evidence":null},{"step":"check_digits","status":"passed","message":"the check digits are right","evidence":null},{"step":"birth_date","status":"passed","message":"the encoded birth date agrees with the applicant's date of birth","evidence":{"encoded":"2002-01-13","applicant":"2002-01-13"}},{"step":"sex","status":"passed","message":"the encoded sex agrees with the applicant's gender","evidence":{"encoded":"F","applicant":"F"}},{"step":"registry_lookup","status":"error","message":"the issuer's registry of the Polish PESEL cannot be reached offline: Docket checked the number's format, check digits and what it encodes, but not that it was issued to this person; a reviewer confirms it with the issuer","evidence":{"registry":"the issuer's registry of the Polish PESEL","reachable":false}}],"encoded":{"birth_date":"2002-01-13","sex":"F"},"is_sandbox":false,"created_at":"2026-11-22T09:00:00.000Z"}"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_docver_example_is_a_whole_verification() {
        let v: serde_json::Value = serde_json::from_str(example(EventType::Docver)).expect("json");
        for key in ["verification_url", "verification_url_id", "link_id", "settings", "manual_fields", "checks"] {
            assert!(v.get(key).is_some(), "{key}");
        }
        let settings =
            serde_json::from_value::<crate::verifications::Settings>(v["settings"].clone()).expect("settings");
        assert_eq!(settings, crate::verifications::Settings::default());
    }

    #[test]
    fn every_concrete_type_has_a_valid_json_example() {
        for t in EventType::CONCRETE {
            let v: serde_json::Value = serde_json::from_str(example(t)).expect("json");
            assert!(v.is_object(), "{t:?}");
            assert_eq!(CATALOGUE.iter().filter(|e| e.event_type == t).count(), 1);
        }
    }
}
