//! The IANA special-purpose address registries, IPv4 and IPv6, as one table per family, and the
//! one judgement Docket makes with them: whether an address is public, that is whether a
//! datagram sent to it may leave this machine's administrative domain ("globally reachable").
//! The webhook guard refuses every address that is not (see `webhooks::address`).
//!
//! The tables are transcribed from the registries' CSV files (`iana-ipv4-special-registry-1.csv`
//! and `iana-ipv6-special-registry-1.csv`, the IPv6 one last updated 2025-10-09), with the
//! blocks of the IPv4 and IPv6 address space registries that the special-purpose ones leave out
//! (multicast, site-local, the IPv4-compatible and IPv4-translated forms, everything outside
//! the IPv6 global unicast space). No kept crate covers all of this: `ip_network`, `ip_rfc` and
//! `iprfc` each miss the IPv4 embedded in 6to4, Teredo, NAT64 or the translated form, and the
//! standard library's `is_global` is unstable. When a registry changes, change the table, the
//! date in [`TRANSCRIBED`] and the tests' cases together.
//!
//! The judgement, in one place ([`check`]):
//! - the most specific entry that contains the address decides (`2001:1::1/128`, globally
//!   reachable, inside `2001::/23`, which is not);
//! - only an entry whose "Globally Reachable" is `True` lets an address through: `False`, `N/A`
//!   (6to4 and Teredo, whose reachability depends on relays nobody here controls) and the blank
//!   column of a terminated allocation are refused;
//! - an IPv4 address an IPv6 address carries (the NAT64 prefix `64:ff9b::/96`, whose column is
//!   `True`) is judged too: `64:ff9b::7f00:1` is loopback however it is spelled;
//! - an IPv4 address in no entry is public (the rest of the space is unicast, allocated to the
//!   regional registries); an IPv6 address is public only inside `2000::/3`.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// When the tables were last compared with the registries.
pub const TRANSCRIBED: &str = "2026-11-27";

/// The registries the tables follow.
pub const IPV4_REGISTRY: &str = "https://www.iana.org/assignments/iana-ipv4-special-registry/";
pub const IPV6_REGISTRY: &str = "https://www.iana.org/assignments/iana-ipv6-special-registry/";

/// An address block: a network address and its prefix length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Block {
    V4(Ipv4Addr, u8),
    V6(Ipv6Addr, u8),
}

impl Block {
    fn mask4(len: u8) -> u32 {
        u32::MAX.checked_shl(32 - u32::from(len)).unwrap_or(0)
    }

    fn mask6(len: u8) -> u128 {
        u128::MAX.checked_shl(128 - u32::from(len)).unwrap_or(0)
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        match (*self, ip) {
            (Block::V4(net, len), IpAddr::V4(ip)) => u32::from(ip) & Self::mask4(len) == u32::from(net),
            (Block::V6(net, len), IpAddr::V6(ip)) => u128::from(ip) & Self::mask6(len) == u128::from(net),
            _ => false,
        }
    }

    pub fn prefix_len(&self) -> u8 {
        match *self {
            Block::V4(_, len) | Block::V6(_, len) => len,
        }
    }

    /// The block's first address.
    pub fn first(&self) -> IpAddr {
        match *self {
            Block::V4(net, _) => IpAddr::V4(net),
            Block::V6(net, _) => IpAddr::V6(net),
        }
    }

    /// The block's last address.
    pub fn last(&self) -> IpAddr {
        match *self {
            Block::V4(net, len) => IpAddr::V4(Ipv4Addr::from(u32::from(net) | !Self::mask4(len))),
            Block::V6(net, len) => IpAddr::V6(Ipv6Addr::from(u128::from(net) | !Self::mask6(len))),
        }
    }

    /// Whether the network address has no bits past the prefix (a well-formed entry).
    pub fn is_canonical(&self) -> bool {
        match *self {
            Block::V4(net, len) => len <= 32 && u32::from(net) & !Self::mask4(len) == 0,
            Block::V6(net, len) => len <= 128 && u128::from(net) & !Self::mask6(len) == 0,
        }
    }
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Block::V4(net, len) => write!(f, "{net}/{len}"),
            Block::V6(net, len) => write!(f, "{net}/{len}"),
        }
    }
}

/// The registry's "Globally Reachable" column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reachable {
    /// `True`: public.
    Yes,
    /// `False`.
    No,
    /// `N/A`: 6to4 and Teredo, transition mechanisms through relays.
    NotApplicable,
    /// Blank: an allocation that ended (its termination date is past).
    Terminated,
}

/// Which IANA registry an entry comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Registry {
    Ipv4SpecialPurpose,
    Ipv6SpecialPurpose,
    /// The IPv4 address space registry (multicast).
    Ipv4AddressSpace,
    /// The IPv6 address space registry (what lies outside the global unicast space).
    Ipv6AddressSpace,
}

/// Where an IPv6 address of an entry carries an IPv4 address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Embeds {
    Nothing,
    /// In its last 32 bits (IPv4-mapped, -translated, -compatible; NAT64 with a /96 prefix).
    Last32Bits,
    /// In bits 16 to 47 (6to4, RFC 3056).
    SixToFour,
    /// The Teredo server in bits 32 to 63, and the client's address, inverted, in the last 32
    /// (RFC 4380).
    Teredo,
}

/// One entry of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub block: Block,
    /// The registry's name for the block.
    pub name: &'static str,
    /// The RFC that defines it.
    pub rfc: &'static str,
    pub reachable: Reachable,
    pub registry: Registry,
    pub embeds: Embeds,
}

impl Entry {
    /// The IPv4 addresses `ip` carries in this entry's format.
    pub fn embedded(&self, ip: IpAddr) -> Vec<Ipv4Addr> {
        let IpAddr::V6(v6) = ip else { return Vec::new() };
        let bits = u128::from(v6);
        let at = |shift: u32| Ipv4Addr::from((bits >> shift) as u32);
        match self.embeds {
            Embeds::Nothing => Vec::new(),
            Embeds::Last32Bits => vec![at(0)],
            Embeds::SixToFour => vec![at(80)],
            Embeds::Teredo => vec![at(64), Ipv4Addr::from(!(bits as u32))],
        }
    }
}

use Reachable::{No, NotApplicable, Terminated, Yes};

const fn v4(a: u8, b: u8, c: u8, d: u8, len: u8) -> Block {
    Block::V4(Ipv4Addr::new(a, b, c, d), len)
}

#[allow(clippy::too_many_arguments)]
const fn v6(a: u16, b: u16, c: u16, d: u16, e: u16, f: u16, g: u16, h: u16, len: u8) -> Block {
    Block::V6(Ipv6Addr::new(a, b, c, d, e, f, g, h), len)
}

const fn special(block: Block, name: &'static str, rfc: &'static str, reachable: Reachable) -> Entry {
    let registry = match block {
        Block::V4(..) => Registry::Ipv4SpecialPurpose,
        Block::V6(..) => Registry::Ipv6SpecialPurpose,
    };
    Entry { block, name, rfc, reachable, registry, embeds: Embeds::Nothing }
}

const fn address_space(block: Block, name: &'static str, rfc: &'static str, reachable: Reachable) -> Entry {
    let registry = match block {
        Block::V4(..) => Registry::Ipv4AddressSpace,
        Block::V6(..) => Registry::Ipv6AddressSpace,
    };
    Entry { block, name, rfc, reachable, registry, embeds: Embeds::Nothing }
}

const fn embedding(entry: Entry, embeds: Embeds) -> Entry {
    Entry { embeds, ..entry }
}

/// IPv4: the special-purpose registry, row by row (its one row of two blocks, NAT64/DNS64
/// discovery, is two entries here), then multicast from the address space registry.
pub static IPV4: &[Entry] = &[
    special(v4(0, 0, 0, 0, 8), "\"This network\"", "RFC 791", No),
    special(v4(0, 0, 0, 0, 32), "\"This host on this network\"", "RFC 1122", No),
    special(v4(10, 0, 0, 0, 8), "Private-Use", "RFC 1918", No),
    special(v4(100, 64, 0, 0, 10), "Shared Address Space", "RFC 6598", No),
    special(v4(127, 0, 0, 0, 8), "Loopback", "RFC 1122", No),
    special(v4(169, 254, 0, 0, 16), "Link Local", "RFC 3927", No),
    special(v4(172, 16, 0, 0, 12), "Private-Use", "RFC 1918", No),
    special(v4(192, 0, 0, 0, 24), "IETF Protocol Assignments", "RFC 6890", No),
    special(v4(192, 0, 0, 0, 29), "IPv4 Service Continuity Prefix", "RFC 7335", No),
    special(v4(192, 0, 0, 8, 32), "IPv4 dummy address", "RFC 7600", No),
    special(v4(192, 0, 0, 9, 32), "Port Control Protocol Anycast", "RFC 7723", Yes),
    special(v4(192, 0, 0, 10, 32), "Traversal Using Relays around NAT Anycast", "RFC 8155", Yes),
    special(v4(192, 0, 0, 170, 32), "NAT64/DNS64 Discovery", "RFC 8880", No),
    special(v4(192, 0, 0, 171, 32), "NAT64/DNS64 Discovery", "RFC 8880", No),
    special(v4(192, 0, 2, 0, 24), "Documentation (TEST-NET-1)", "RFC 5737", No),
    special(v4(192, 31, 196, 0, 24), "AS112-v4", "RFC 7535", Yes),
    special(v4(192, 52, 193, 0, 24), "AMT", "RFC 7450", Yes),
    special(v4(192, 88, 99, 0, 24), "Deprecated (6to4 Relay Anycast)", "RFC 7526", Terminated),
    special(v4(192, 88, 99, 2, 32), "6a44-relay anycast address", "RFC 6751", No),
    special(v4(192, 168, 0, 0, 16), "Private-Use", "RFC 1918", No),
    special(v4(192, 175, 48, 0, 24), "Direct Delegation AS112 Service", "RFC 7534", Yes),
    special(v4(198, 18, 0, 0, 15), "Benchmarking", "RFC 2544", No),
    special(v4(198, 51, 100, 0, 24), "Documentation (TEST-NET-2)", "RFC 5737", No),
    special(v4(203, 0, 113, 0, 24), "Documentation (TEST-NET-3)", "RFC 5737", No),
    special(v4(240, 0, 0, 0, 4), "Reserved", "RFC 1112", No),
    special(v4(255, 255, 255, 255, 32), "Limited Broadcast", "RFC 8190", No),
    address_space(v4(224, 0, 0, 0, 4), "Multicast", "RFC 5771", No),
];

/// IPv6: the address space registry's outline (only `2000::/3` is global unicast; the forms
/// that carry IPv4 and the deprecated site-local block are named), then the special-purpose
/// registry row by row.
pub static IPV6: &[Entry] = &[
    address_space(
        v6(0, 0, 0, 0, 0, 0, 0, 0, 0),
        "Outside the global unicast space, reserved by the IETF",
        "RFC 4291",
        No,
    ),
    address_space(v6(0x2000, 0, 0, 0, 0, 0, 0, 0, 3), "Global Unicast", "RFC 4291", Yes),
    embedding(
        address_space(v6(0, 0, 0, 0, 0, 0, 0, 0, 96), "IPv4-compatible address (deprecated)", "RFC 4291", No),
        Embeds::Last32Bits,
    ),
    embedding(
        address_space(v6(0, 0, 0, 0, 0xffff, 0, 0, 0, 96), "IPv4-translated address", "RFC 2765", No),
        Embeds::Last32Bits,
    ),
    address_space(v6(0xfec0, 0, 0, 0, 0, 0, 0, 0, 10), "Site-local (deprecated)", "RFC 3879", No),
    address_space(v6(0xff00, 0, 0, 0, 0, 0, 0, 0, 8), "Multicast", "RFC 4291", No),
    special(v6(0, 0, 0, 0, 0, 0, 0, 1, 128), "Loopback Address", "RFC 4291", No),
    special(v6(0, 0, 0, 0, 0, 0, 0, 0, 128), "Unspecified Address", "RFC 4291", No),
    embedding(special(v6(0, 0, 0, 0, 0, 0xffff, 0, 0, 96), "IPv4-mapped Address", "RFC 4291", No), Embeds::Last32Bits),
    embedding(
        special(v6(0x64, 0xff9b, 0, 0, 0, 0, 0, 0, 96), "IPv4-IPv6 Translation", "RFC 6052", Yes),
        Embeds::Last32Bits,
    ),
    special(v6(0x64, 0xff9b, 1, 0, 0, 0, 0, 0, 48), "IPv4-IPv6 Translation (local use)", "RFC 8215", No),
    special(v6(0x100, 0, 0, 0, 0, 0, 0, 0, 64), "Discard-Only Address Block", "RFC 6666", No),
    special(v6(0x100, 0, 0, 1, 0, 0, 0, 0, 64), "Dummy IPv6 Prefix", "RFC 9780", No),
    special(v6(0x2001, 0, 0, 0, 0, 0, 0, 0, 23), "IETF Protocol Assignments", "RFC 2928", No),
    embedding(special(v6(0x2001, 0, 0, 0, 0, 0, 0, 0, 32), "TEREDO", "RFC 4380", NotApplicable), Embeds::Teredo),
    special(v6(0x2001, 1, 0, 0, 0, 0, 0, 1, 128), "Port Control Protocol Anycast", "RFC 7723", Yes),
    special(v6(0x2001, 1, 0, 0, 0, 0, 0, 2, 128), "Traversal Using Relays around NAT Anycast", "RFC 8155", Yes),
    special(v6(0x2001, 1, 0, 0, 0, 0, 0, 3, 128), "DNS-SD Service Registration Protocol Anycast", "RFC 9665", Yes),
    special(v6(0x2001, 2, 0, 0, 0, 0, 0, 0, 48), "Benchmarking", "RFC 5180", No),
    special(v6(0x2001, 3, 0, 0, 0, 0, 0, 0, 32), "AMT", "RFC 7450", Yes),
    special(v6(0x2001, 4, 0x112, 0, 0, 0, 0, 0, 48), "AS112-v6", "RFC 7535", Yes),
    special(v6(0x2001, 0x10, 0, 0, 0, 0, 0, 0, 28), "Deprecated (previously ORCHID)", "RFC 4843", Terminated),
    special(v6(0x2001, 0x20, 0, 0, 0, 0, 0, 0, 28), "ORCHIDv2", "RFC 7343", Yes),
    special(
        v6(0x2001, 0x30, 0, 0, 0, 0, 0, 0, 28),
        "Drone Remote ID Protocol Entity Tags (DETs) Prefix",
        "RFC 9374",
        Yes,
    ),
    special(v6(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0, 32), "Documentation", "RFC 3849", No),
    embedding(special(v6(0x2002, 0, 0, 0, 0, 0, 0, 0, 16), "6to4", "RFC 3056", NotApplicable), Embeds::SixToFour),
    special(v6(0x2620, 0x4f, 0x8000, 0, 0, 0, 0, 0, 48), "Direct Delegation AS112 Service", "RFC 7534", Yes),
    special(v6(0x3fff, 0, 0, 0, 0, 0, 0, 0, 20), "Documentation", "RFC 9637", No),
    special(v6(0x5f00, 0, 0, 0, 0, 0, 0, 0, 16), "Segment Routing (SRv6) SIDs", "RFC 9602", No),
    special(v6(0xfc00, 0, 0, 0, 0, 0, 0, 0, 7), "Unique-Local", "RFC 4193", No),
    special(v6(0xfe80, 0, 0, 0, 0, 0, 0, 0, 10), "Link-Local Unicast", "RFC 4291", No),
];

/// The most specific entry that contains `ip`, if any.
pub fn entry_of(ip: IpAddr) -> Option<&'static Entry> {
    let table = if ip.is_ipv4() { IPV4 } else { IPV6 };
    table.iter().filter(|e| e.block.contains(ip)).max_by_key(|e| e.block.prefix_len())
}

/// Why an address is not public.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotPublic {
    pub address: IpAddr,
    /// The address' own entry.
    pub entry: &'static Entry,
    /// The IPv4 addresses it carries, in its entry's format.
    pub embedded: Vec<Ipv4Addr>,
    /// When its own entry is globally reachable: the embedded IPv4 address that is not, with
    /// that address' entry.
    pub through: Option<(Ipv4Addr, &'static Entry)>,
}

impl fmt::Display for NotPublic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Entry { name, block, rfc, .. } = self.entry;
        write!(f, "{} is not a public address: {name} ({block}, {rfc})", self.address)?;
        match self.through {
            Some((v4, inner)) => write!(f, " embedding {v4}, {} ({}, {})", inner.name, inner.block, inner.rfc),
            None if self.embedded.is_empty() => Ok(()),
            None => {
                let shown: Vec<String> = self.embedded.iter().map(Ipv4Addr::to_string).collect();
                write!(f, " embedding {}", shown.join(" and "))
            }
        }
    }
}

impl std::error::Error for NotPublic {}

/// Whether `ip` is public; if not, which entry says so (see the module's opening comment).
pub fn check(ip: IpAddr) -> Result<(), NotPublic> {
    let Some(entry) = entry_of(ip) else { return Ok(()) };
    let embedded = entry.embedded(ip);
    if entry.reachable != Reachable::Yes {
        return Err(NotPublic { address: ip, entry, embedded, through: None });
    }
    // IPv4 entries carry nothing, so this looks one level deep only.
    let through = embedded
        .iter()
        .find_map(|v4| entry_of(IpAddr::V4(*v4)).filter(|e| e.reachable != Reachable::Yes).map(|e| (*v4, e)));
    match through {
        Some(through) => Err(NotPublic { address: ip, entry, embedded, through: Some(through) }),
        None => Ok(()),
    }
}

/// Whether `ip` is public (see [`check`]).
pub fn is_public(ip: IpAddr) -> bool {
    check(ip).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or_else(|_| panic!("{s} is an address"))
    }

    /// Every entry, with the registry's block as the registry writes it: the transcription is
    /// checked against the text of the registries, row by row.
    const REGISTRY_ROWS: &[(&str, &str)] = &[
        ("0.0.0.0/8", "False"),
        ("0.0.0.0/32", "False"),
        ("10.0.0.0/8", "False"),
        ("100.64.0.0/10", "False"),
        ("127.0.0.0/8", "False"),
        ("169.254.0.0/16", "False"),
        ("172.16.0.0/12", "False"),
        ("192.0.0.0/24", "False"),
        ("192.0.0.0/29", "False"),
        ("192.0.0.8/32", "False"),
        ("192.0.0.9/32", "True"),
        ("192.0.0.10/32", "True"),
        ("192.0.0.170/32", "False"),
        ("192.0.0.171/32", "False"),
        ("192.0.2.0/24", "False"),
        ("192.31.196.0/24", "True"),
        ("192.52.193.0/24", "True"),
        ("192.88.99.0/24", ""),
        ("192.88.99.2/32", "False"),
        ("192.168.0.0/16", "False"),
        ("192.175.48.0/24", "True"),
        ("198.18.0.0/15", "False"),
        ("198.51.100.0/24", "False"),
        ("203.0.113.0/24", "False"),
        ("240.0.0.0/4", "False"),
        ("255.255.255.255/32", "False"),
        ("::1/128", "False"),
        ("::/128", "False"),
        ("::ffff:0:0/96", "False"),
        ("64:ff9b::/96", "True"),
        ("64:ff9b:1::/48", "False"),
        ("100::/64", "False"),
        ("100:0:0:1::/64", "False"),
        ("2001::/23", "False"),
        ("2001::/32", "N/A"),
        ("2001:1::1/128", "True"),
        ("2001:1::2/128", "True"),
        ("2001:1::3/128", "True"),
        ("2001:2::/48", "False"),
        ("2001:3::/32", "True"),
        ("2001:4:112::/48", "True"),
        ("2001:10::/28", ""),
        ("2001:20::/28", "True"),
        ("2001:30::/28", "True"),
        ("2001:db8::/32", "False"),
        ("2002::/16", "N/A"),
        ("2620:4f:8000::/48", "True"),
        ("3fff::/20", "False"),
        ("5f00::/16", "False"),
        ("fc00::/7", "False"),
        ("fe80::/10", "False"),
    ];

    fn special_entries() -> impl Iterator<Item = &'static Entry> {
        IPV4.iter()
            .chain(IPV6)
            .filter(|e| matches!(e.registry, Registry::Ipv4SpecialPurpose | Registry::Ipv6SpecialPurpose))
    }

    #[test]
    fn the_tables_hold_every_registry_row_and_nothing_else() {
        let ours: Vec<(Block, &str)> = special_entries()
            .map(|e| {
                let column = match e.reachable {
                    Yes => "True",
                    No => "False",
                    NotApplicable => "N/A",
                    Terminated => "",
                };
                (e.block, column)
            })
            .collect();
        let registry: Vec<(Block, &str)> = REGISTRY_ROWS
            .iter()
            .map(|(text, column)| {
                let (net, len) = text.split_once('/').expect("a block");
                let len: u8 = len.parse().expect("a prefix length");
                let block = match ip(net) {
                    IpAddr::V4(net) => Block::V4(net, len),
                    IpAddr::V6(net) => Block::V6(net, len),
                };
                (block, *column)
            })
            .collect();
        assert_eq!(ours, registry);
    }

    #[test]
    fn every_block_is_well_formed_and_listed_once() {
        for table in [IPV4, IPV6] {
            for (i, e) in table.iter().enumerate() {
                assert!(e.block.is_canonical(), "{} has bits past its prefix", e.block);
                assert!(e.block.contains(e.block.first()) && e.block.contains(e.block.last()), "{}", e.block);
                assert!(table[i + 1..].iter().all(|other| other.block != e.block), "{} twice", e.block);
                assert!(e.rfc.starts_with("RFC "), "{}", e.rfc);
            }
        }
    }

    /// Each entry judges the addresses it holds that no more specific entry claims: its first,
    /// last and middle address, when they are its own.
    #[test]
    fn every_entry_decides_its_own_addresses() {
        for e in IPV4.iter().chain(IPV6) {
            let (first, last) = (e.block.first(), e.block.last());
            let middle = match (first, last) {
                (IpAddr::V4(a), IpAddr::V4(b)) => {
                    IpAddr::V4(Ipv4Addr::from(u32::from(a) + (u32::from(b) - u32::from(a)) / 2))
                }
                (IpAddr::V6(a), IpAddr::V6(b)) => {
                    IpAddr::V6(Ipv6Addr::from(u128::from(a) + (u128::from(b) - u128::from(a)) / 2))
                }
                _ => unreachable!("a block's ends are of one family"),
            };
            let mut judged = 0;
            for address in [first, middle, last] {
                let own = entry_of(address).expect("inside its own block");
                if own != e {
                    assert!(own.block.prefix_len() > e.block.prefix_len(), "{address}: {} over {}", own.block, e.block);
                    continue;
                }
                judged += 1;
                let verdict = check(address);
                let embedded_public = e.embedded(address).into_iter().all(|v4| is_public(IpAddr::V4(v4)));
                assert_eq!(verdict.is_ok(), e.reachable == Yes && embedded_public, "{address} in {}", e.block);
                if let Err(refusal) = verdict {
                    assert_eq!(refusal.entry, e, "{address}");
                    assert!(refusal.to_string().contains(&e.block.to_string()), "{refusal}");
                }
            }
            assert!(judged > 0, "{}: no address of its own", e.block);
        }
    }

    /// Addresses judged by hand: the ones found on main, the edges of the common blocks, and
    /// the IPv4 carried in IPv6. `None` is public; `Some(words)` is refused naming them.
    const CASES: &[(&str, Option<&str>)] = &[
        // Found accepted on main (issue 32).
        ("::127.0.0.1", Some("IPv4-compatible address (deprecated) (::/96, RFC 4291) embedding 127.0.0.1")),
        ("64:ff9b::7f00:1", Some("IPv4-IPv6 Translation (64:ff9b::/96, RFC 6052) embedding 127.0.0.1, Loopback")),
        ("2002:7f00:1::", Some("6to4 (2002::/16, RFC 3056) embedding 127.0.0.1")),
        ("::ffff:0:7f00:1", Some("IPv4-translated address (::ffff:0:0:0/96, RFC 2765) embedding 127.0.0.1")),
        ("fec0::1", Some("Site-local (deprecated) (fec0::/10, RFC 3879)")),
        ("192.0.0.1", Some("IPv4 Service Continuity Prefix (192.0.0.0/29, RFC 7335)")),
        ("2001::1", Some("TEREDO (2001::/32, RFC 4380) embedding 0.0.0.0 and 255.255.255.254")),
        ("2001:0:7f00:1::", Some("TEREDO (2001::/32, RFC 4380) embedding 127.0.0.1 and 255.255.255.255")),
        // IPv4.
        ("8.8.8.8", None),
        ("1.1.1.1", None),
        ("93.184.216.34", None),
        ("223.255.255.255", None),
        ("0.0.0.0", Some("\"This host on this network\"")),
        ("0.1.2.3", Some("\"This network\"")),
        ("9.255.255.255", None),
        ("10.0.0.0", Some("Private-Use (10.0.0.0/8")),
        ("10.255.255.255", Some("Private-Use")),
        ("11.0.0.0", None),
        ("100.63.255.255", None),
        ("100.64.0.0", Some("Shared Address Space")),
        ("100.127.255.255", Some("Shared Address Space")),
        ("100.128.0.0", None),
        ("127.0.0.1", Some("Loopback (127.0.0.0/8, RFC 1122)")),
        ("127.255.255.254", Some("Loopback")),
        ("169.254.169.254", Some("Link Local")),
        ("172.15.255.255", None),
        ("172.16.0.0", Some("Private-Use (172.16.0.0/12")),
        ("172.31.255.255", Some("Private-Use")),
        ("172.32.0.0", None),
        ("192.0.0.8", Some("IPv4 dummy address")),
        ("192.0.0.9", None),
        ("192.0.0.10", None),
        ("192.0.0.11", Some("IETF Protocol Assignments")),
        ("192.0.0.170", Some("NAT64/DNS64 Discovery")),
        ("192.0.0.171", Some("NAT64/DNS64 Discovery")),
        ("192.0.0.255", Some("IETF Protocol Assignments")),
        ("192.0.1.0", None),
        ("192.0.2.1", Some("Documentation (TEST-NET-1)")),
        ("192.31.196.1", None),
        ("192.52.193.1", None),
        ("192.88.99.1", Some("Deprecated (6to4 Relay Anycast)")),
        ("192.88.99.2", Some("6a44-relay anycast address")),
        ("192.167.255.255", None),
        ("192.168.1.1", Some("Private-Use (192.168.0.0/16")),
        ("192.169.0.0", None),
        ("192.175.48.1", None),
        ("198.17.255.255", None),
        ("198.18.0.0", Some("Benchmarking")),
        ("198.19.255.255", Some("Benchmarking")),
        ("198.20.0.0", None),
        ("198.51.100.7", Some("Documentation (TEST-NET-2)")),
        ("203.0.113.7", Some("Documentation (TEST-NET-3)")),
        ("224.0.0.1", Some("Multicast (224.0.0.0/4, RFC 5771)")),
        ("239.255.255.255", Some("Multicast")),
        ("240.0.0.1", Some("Reserved (240.0.0.0/4")),
        ("255.255.255.254", Some("Reserved")),
        ("255.255.255.255", Some("Limited Broadcast")),
        // IPv6.
        ("2606:4700::1111", None),
        ("2001:4860:4860::8888", None),
        ("2a00:1450:4001::1", None),
        ("::", Some("Unspecified Address")),
        ("::1", Some("Loopback Address")),
        ("::2", Some("IPv4-compatible address (deprecated) (::/96, RFC 4291) embedding 0.0.0.2")),
        ("::8.8.8.8", Some("IPv4-compatible")),
        ("::ffff:127.0.0.1", Some("IPv4-mapped Address (::ffff:0.0.0.0/96, RFC 4291) embedding 127.0.0.1")),
        ("::ffff:8.8.8.8", Some("IPv4-mapped Address")),
        ("::ffff:0:808:808", Some("IPv4-translated address")),
        ("64:ff9b::808:808", None),
        ("64:ff9b::a00:1", Some("embedding 10.0.0.1, Private-Use (10.0.0.0/8, RFC 1918)")),
        ("64:ff9b::c000:1", Some("embedding 192.0.0.1, IPv4 Service Continuity Prefix")),
        ("64:ff9b:1::808:808", Some("IPv4-IPv6 Translation (local use) (64:ff9b:1::/48, RFC 8215)")),
        ("100::1", Some("Discard-Only Address Block")),
        ("100:0:0:1::1", Some("Dummy IPv6 Prefix")),
        ("1::1", Some("Outside the global unicast space")),
        ("1fff:ffff::1", Some("Outside the global unicast space")),
        ("2000::1", None),
        ("2001:1::1", None),
        ("2001:1::2", None),
        ("2001:1::3", None),
        ("2001:1::4", Some("IETF Protocol Assignments (2001::/23")),
        ("2001:2::1", Some("Benchmarking")),
        ("2001:3::1", None),
        ("2001:4:112::1", None),
        ("2001:10::1", Some("Deprecated (previously ORCHID)")),
        ("2001:20::1", None),
        ("2001:30::1", None),
        ("2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", Some("IETF Protocol Assignments")),
        ("2001:200::1", None),
        ("2001:db8::1", Some("Documentation (2001:db8::/32")),
        ("2002:808:808::1", Some("6to4 (2002::/16, RFC 3056) embedding 8.8.8.8")),
        ("2620:4f:8000::1", None),
        ("3fff::1", Some("Documentation (3fff::/20")),
        ("3fff:fff:ffff::1", Some("Documentation")),
        ("3fff:1000::1", None),
        ("4000::1", Some("Outside the global unicast space")),
        ("5f00::1", Some("Segment Routing (SRv6) SIDs")),
        ("fc00::1", Some("Unique-Local (fc00::/7")),
        ("fdff:ffff::1", Some("Unique-Local")),
        ("fe80::1", Some("Link-Local Unicast")),
        ("febf:ffff::1", Some("Link-Local Unicast")),
        ("fec0::1", Some("Site-local")),
        ("feff::1", Some("Site-local")),
        ("ff02::1", Some("Multicast (ff00::/8, RFC 4291)")),
    ];

    #[test]
    fn addresses_are_judged_as_the_registries_say() {
        for (address, expected) in CASES {
            let verdict = check(ip(address));
            match (expected, &verdict) {
                (None, Ok(())) => {}
                (Some(words), Err(refusal)) => {
                    let text = refusal.to_string();
                    assert!(text.starts_with(&format!("{} is not a public address: ", ip(address))), "{text}");
                    assert!(text.contains(words), "{address}: {text:?} should say {words:?}");
                }
                _ => panic!("{address}: expected {expected:?}, judged {verdict:?}"),
            }
            assert_eq!(is_public(ip(address)), expected.is_none(), "{address}");
        }
    }

    #[test]
    fn embedded_addresses_are_read_from_their_format() {
        let teredo = entry_of(ip("2001:0:4136:e378:8000:63bf:3fff:fdd2")).expect("teredo");
        // RFC 4380's example: server 65.54.227.120, client 192.0.2.45 (inverted on the wire).
        assert_eq!(
            teredo.embedded(ip("2001:0:4136:e378:8000:63bf:3fff:fdd2")),
            [Ipv4Addr::new(65, 54, 227, 120), Ipv4Addr::new(192, 0, 2, 45)]
        );
        let six_to_four = entry_of(ip("2002:c000:204::1")).expect("6to4");
        assert_eq!(six_to_four.embedded(ip("2002:c000:204::1")), [Ipv4Addr::new(192, 0, 2, 4)]);
        assert!(entry_of(ip("8.8.8.8")).is_none());
    }
}
