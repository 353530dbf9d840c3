//! Production's delivery of one-time codes: SMTP through a configured relay (lettre), with
//! STARTTLS or TLS and authentication as the relay's URL says
//! (`smtp://user:pass@relay.example:587?tls=required`, `smtps://relay.example`), text and HTML
//! alternatives, a 15-second timeout. Failed sends are retried on the due-work module, unless
//! the relay refused for good (a 5xx answer).

use std::time::Duration;

use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// Where production's mail goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpSettings {
    /// The relay's URL (`smtp://`, `smtps://`).
    pub url: String,
    /// The sender (`Docket <no-reply@example.com>`).
    pub from: String,
}

pub(crate) struct Relay {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Relay {
    pub(crate) fn new(settings: &SmtpSettings) -> Result<Relay, String> {
        let from: Mailbox = settings.from.parse().map_err(|e| format!("the sender `{}`: {e}", settings.from))?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&settings.url)
            .map_err(|e| format!("the SMTP URL: {e}"))?
            .timeout(Some(Duration::from_secs(15)))
            .build();
        Ok(Relay { transport, from })
    }

    /// Sends one message; the relay's refusal or a connection failure as text, and whether
    /// trying again could help.
    pub(crate) async fn send(&self, to: &str, subject: &str, text: &str, html: &str) -> Result<(), SendError> {
        let final_error = |reason: String| SendError { reason, retry: false };
        let to: Mailbox = to.parse().map_err(|e| final_error(format!("the recipient: {e}")))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .multipart(MultiPart::alternative_plain_html(text.to_owned(), html.to_owned()))
            .map_err(|e| final_error(format!("the message: {e}")))?;
        self.transport
            .send(message)
            .await
            .map(drop)
            .map_err(|e| SendError { reason: e.to_string(), retry: !e.is_permanent() })
    }
}

/// Why a message was not sent.
#[derive(Debug)]
pub(crate) struct SendError {
    pub(crate) reason: String,
    /// False for a refusal that another try would meet again (a 5xx answer, a bad recipient).
    pub(crate) retry: bool,
}
