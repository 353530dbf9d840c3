//! An axum hello-world on the same runtime settings as Docket: the ceiling that Docket's
//! throughput is compared with. Prints its URL on the first line, like `docket serve`.
//!
//! `GET /` answers a tiny JSON object. `GET /static-page?bytes=N` answers a fixed JSON body of
//! N bytes (built once at start), so a list response can be compared with merely sending that
//! many bytes.

use std::sync::Arc;

use axum::Router;
use axum::extract::Query;
use axum::response::IntoResponse;
use axum::routing::get;

#[derive(serde::Deserialize)]
struct Size {
    bytes: usize,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let addr = std::env::args().nth(1).unwrap_or_else(|| "127.0.0.1:0".into());
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!("http://{}", listener.local_addr()?);
    let filler: Arc<str> = "x".repeat(1 << 20).into();
    let app = Router::new().route("/", get(|| async { axum::Json(serde_json::json!({"hello": "world"})) })).route(
        "/static-page",
        get(move |Query(size): Query<Size>| {
            let filler = filler.clone();
            async move {
                let n = size.bytes.clamp(20, 1 << 20);
                let body = format!("{{\"data\":\"{}\"}}", &filler[..n - 12]);
                ([("content-type", "application/json")], body).into_response()
            }
        }),
    );
    axum::serve(listener, app).await?;
    Ok(())
}
