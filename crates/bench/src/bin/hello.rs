//! An axum hello-world on the same runtime settings as Docket: the ceiling that Docket's
//! throughput is compared with. Prints its URL on the first line, like `docket serve`.

use axum::Router;
use axum::routing::get;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let addr = std::env::args().nth(1).unwrap_or_else(|| "127.0.0.1:0".into());
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!("http://{}", listener.local_addr()?);
    let app = Router::new().route("/", get(|| async { axum::Json(serde_json::json!({"hello": "world"})) }));
    axum::serve(listener, app).await?;
    Ok(())
}
