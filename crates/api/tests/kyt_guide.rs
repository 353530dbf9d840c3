//! The guide names the sandbox's sanctioned wallet of every chain exactly as the demo list makes
//! it, so the documented magic addresses are the ones that hit.

use docket_chainaddr::Chain;
use docket_engine::aml::demo_list::kyt_sanctioned_address;

#[test]
fn the_guide_names_each_chains_sandbox_sanctioned_wallet() {
    let guide = include_str!("../src/openapi/guide.md");
    let missing: Vec<String> = Chain::ALL
        .into_iter()
        .map(|c| (c, kyt_sanctioned_address(c)))
        .filter(|(_, a)| !guide.contains(&format!("`{a}`")))
        .map(|(c, a)| format!("| {} | `{a}` |", c.name()))
        .collect();
    assert!(missing.is_empty(), "the guide's KYT table lacks:\n{}", missing.join("\n"));
}
