//! Who did something: the one type every record of an action names (a case's timeline, a
//! decision, a verification's outcome, the audit chain).
//!
//! The HTTP layer makes an `Actor` from what it authenticated, never from what a request says
//! about itself: an API key acts as the organization's integration, a console session as its
//! reviewer, a widget token or a verification's short id as the person it was given to.

use crate::console::Reviewer;
use crate::organizations::ApiKeyId;

/// Who acts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    /// The organization's integration, through one of its API keys.
    ApiKey(ApiKeyId),
    /// A reviewer signed in to the console.
    Reviewer(Reviewer),
    /// The person on the other side: the merchant in the KYB widget, the end user on the hosted
    /// verification page.
    Person,
    /// The KYB check pipeline.
    Pipeline,
    /// Docket itself: an SLA noticed on the clock, a scheduled job.
    Docket,
    /// The `docket` command, run on the machine by whoever holds the data directory.
    Command,
}

impl Actor {
    /// How records name the actor: `reviewer:<name>`, `API key <id>`, `person`, `pipeline`,
    /// `docket` or `command`.
    pub fn name(&self) -> String {
        match self {
            Actor::ApiKey(id) => format!("API key {id}"),
            Actor::Reviewer(r) => format!("reviewer:{}", r.name.as_str()),
            Actor::Person => "person".into(),
            Actor::Pipeline => "pipeline".into(),
            Actor::Docket => "docket".into(),
            Actor::Command => "command".into(),
        }
    }

    /// The reviewer, when a reviewer acts.
    pub fn reviewer(&self) -> Option<&Reviewer> {
        match self {
            Actor::Reviewer(r) => Some(r),
            _ => None,
        }
    }

    /// The API key, when the integration acts.
    pub fn api_key(&self) -> Option<ApiKeyId> {
        match self {
            Actor::ApiKey(id) => Some(*id),
            _ => None,
        }
    }

    /// What a sentence names them as: the reviewer's name, `API key <id>`, `the person`, ...
    pub fn display(&self) -> String {
        match self {
            Actor::Reviewer(r) => r.name.as_str().to_owned(),
            Actor::Person => "the person".into(),
            Actor::Pipeline => "the checks".into(),
            other => other.name(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_api_key_is_named_by_its_id_and_never_as_a_reviewer() {
        let id: ApiKeyId = "0192f6a0-0000-7000-8000-000000000001".parse().expect("id");
        let actor = Actor::ApiKey(id);
        assert_eq!(actor.name(), "API key 0192f6a0-0000-7000-8000-000000000001");
        assert!(actor.reviewer().is_none());
        assert_eq!(actor.api_key(), Some(id));
        assert_eq!(Actor::Person.name(), "person");
    }
}
