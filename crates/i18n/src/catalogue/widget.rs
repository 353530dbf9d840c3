//! The KYB widget's words (`widget.`): its sections, fields, messages and buttons.

use super::{Entry, msg};

pub(crate) const MESSAGES: &[Entry] = &[msg!(
    "widget.title",
    en: "Company verification",
    de: "Unternehmensprüfung",
    fr: "Vérification de l'entreprise",
    es: "Verificación de la empresa",
    pt: "Verificação da empresa",
)];
