//! E-mails (`email.`): the message that carries a one-time code.

use super::{Entry, msg};

pub(crate) const MESSAGES: &[Entry] = &[
    msg!(
        "email.code.subject",
        en: "Your verification code: {code}",
        de: "Ihr Bestätigungscode: {code}",
        fr: "Votre code de vérification : {code}",
        es: "Su código de verificación: {code}",
        pt: "O seu código de verificação: {code}",
    ),
    msg!(
        "email.code.intro",
        en: "Use this code to confirm that {email} is your e-mail address:",
        de: "Mit diesem Code bestätigen Sie, dass {email} Ihre E-Mail-Adresse ist:",
        fr: "Utilisez ce code pour confirmer que {email} est votre adresse e-mail :",
        es: "Use este código para confirmar que {email} es su dirección de correo:",
        pt: "Use este código para confirmar que {email} é o seu endereço de e-mail:",
    ),
    msg!(
        "email.code.expiry",
        en: "It is valid for {minutes} minutes.",
        de: "Er ist {minutes} Minuten lang gültig.",
        fr: "Il est valable {minutes} minutes.",
        es: "Es válido durante {minutes} minutos.",
        pt: "É válido durante {minutes} minutos.",
    ),
    msg!(
        "email.code.ignore",
        en: "If you did not ask for it, ignore this message.",
        de: "Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.",
        fr: "Si vous ne l'avez pas demandé, ignorez ce message.",
        es: "Si no lo ha solicitado, ignore este mensaje.",
        pt: "Se não o pediu, ignore esta mensagem.",
    ),
];
