//! The sandbox's simulation: a verdict from a documented magic text, never from the media. A
//! stream's participant id, or an upload's file name, that contains `alert` gives `alert`, one
//! that contains `suspicious` gives `suspicious` (letter case aside, `alert` first); anything
//! else is `clear`. Each verdict has its fixed score ([`Verdict::sandbox_score`]).

use super::model::Verdict;

/// The simulated verdict for a participant id or a file name.
pub fn verdict_for(magic: &str) -> Verdict {
    let text = magic.to_lowercase();
    if text.contains("alert") {
        Verdict::Alert
    } else if text.contains("suspicious") {
        Verdict::Suspicious
    } else {
        Verdict::Clear
    }
}

/// The verdict of several (a stream's participants): the gravest.
pub fn gravest<'a>(magic: impl IntoIterator<Item = &'a str>) -> Option<Verdict> {
    magic.into_iter().map(verdict_for).max()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_magic_words_decide_and_the_gravest_wins() {
        assert_eq!(verdict_for("caller-ALERT-1"), Verdict::Alert);
        assert_eq!(verdict_for("suspicious_selfie.mp4"), Verdict::Suspicious);
        assert_eq!(verdict_for("alert and suspicious"), Verdict::Alert);
        assert_eq!(verdict_for("pc-4f1e9a"), Verdict::Clear);
        assert_eq!(gravest(["a", "suspicious", "b"]), Some(Verdict::Suspicious));
        assert_eq!(gravest(Vec::<&str>::new()), None);
        assert!(Verdict::Alert.sandbox_score() > Verdict::Suspicious.sandbox_score());
    }
}
