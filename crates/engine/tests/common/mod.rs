//! What the engine's integration tests share: an engine on a temporary directory with a manual
//! clock and the first organization's two environments, and generated pictures.

#![allow(dead_code)] // Each test file uses its own part.

use std::sync::Arc;

use docket_engine::time::ManualTime;
use docket_engine::{Engine, EngineConfig, Environment, Scope};

pub struct Fixture {
    pub _dir: tempfile::TempDir,
    pub engine: Engine,
    pub time: Arc<ManualTime>,
    pub sandbox: Scope,
    pub production: Scope,
}

/// An engine at 2026-03-01 09:00 UTC on a manual clock, with its first organization.
pub async fn fixture() -> Fixture {
    let dir = tempfile::tempdir().expect("temp dir");
    let time = Arc::new(ManualTime::new("2026-03-01T09:00:00Z".parse().expect("time")));
    let mut config = EngineConfig::new(dir.path());
    config.time = time.clone();
    let engine = Engine::open(config).await.expect("opens");
    let org = engine.organizations().bootstrap(&[]).await.expect("bootstrap").expect("first").organization.id;
    Fixture {
        _dir: dir,
        engine,
        time,
        sandbox: Scope::new(org, Environment::Sandbox),
        production: Scope::new(org, Environment::Production),
    }
}

/// A PNG picture of blocks whose brightness the seed scrambles: different seeds make pictures
/// that the perceptual hash tells apart.
pub fn picture(seed: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(320, 200, |x, y| {
        let block =
            (x / 32).wrapping_mul(73_856_093) ^ (y / 25).wrapping_mul(19_349_663) ^ seed.wrapping_mul(83_492_791);
        let v = (block.wrapping_mul(2_654_435_761) >> 24) as u8;
        image::Rgb([v, v, v])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(img).write_to(&mut out, image::ImageFormat::Png).expect("png");
    out.into_inner()
}
