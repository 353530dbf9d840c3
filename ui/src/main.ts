import "./style.css";

interface Health {
  status: string;
  version: string;
}

const base = window.location.origin;

function render(health: Health | null): void {
  const app = document.querySelector<HTMLDivElement>("#app");
  if (!app) return;
  const status = health
    ? `<span class="status-ok">running</span>, version ${health.version}`
    : `<span class="status-down">not answering</span>`;
  app.innerHTML = `
    <main>
      <header>
        <img src="/favicon.svg" alt="" />
        <h1>Docket</h1>
      </header>
      <p class="lead">A local identity and compliance service: applicants, AML screening, KYB, email
      verification, transaction monitoring and signed webhooks, offline, over one SQLite file.</p>
      <section aria-labelledby="server">
        <h2 id="server">This server</h2>
        <dl>
          <dt>Status</dt><dd>${status}</dd>
          <dt>API base URL</dt><dd><code>${base}</code></dd>
          <dt>API reference</dt><dd><a href="/docs">${base}/docs</a></dd>
          <dt>OpenAPI</dt><dd><a href="/openapi.json">${base}/openapi.json</a></dd>
        </dl>
      </section>
      <section aria-labelledby="try">
        <h2 id="try">Try it</h2>
        <p>Use the sandbox key printed at the first start (also in <code>api-keys.txt</code> in the data directory):</p>
        <pre>curl -s -H "ds-api-token: $DOCKET_SANDBOX_KEY" ${base}/api/v3/applicants?limit=5</pre>
      </section>
    </main>`;
}

async function load(): Promise<void> {
  try {
    const response = await fetch("/healthz");
    render(response.ok ? ((await response.json()) as Health) : null);
  } catch {
    render(null);
  }
}

void load();
