// The KYB case file's load time in Chromium (issue 33; run by bench/casefile.sh): a case with 20
// documents and 10 persons beside a case with 3 documents (the fewest) and 1 person on the same server, so the
// difference is what the documents and people cost. Each case is made over the API (sections,
// documents, submit, the sandbox clock moved on until the checks finish). Then, signed in once
// (a reviewer's browser, its cache warm after the first load), `--rounds` times, interleaved:
//   evidence   a new tab opens /kyb/<id>: navigation to the comparison, every person row and
//              the checks shown;
//   document   the same navigation to the first document's page drawn (its preview answered and
//              the picture decoded).
// Prints one JSON object: per case, the median and the worst of each, in milliseconds.
//
//   node bench/casefile.mjs --rounds 7 URL SANDBOX_KEY LOGIN_LINK
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
// The browser suite's Playwright (tests/browser/node_modules): one install for both.
const { chromium } = createRequire(join(here, "..", "tests", "browser", "package.json"))("playwright-core");

const args = process.argv.slice(2);
let rounds = 7;
if (args[0] === "--rounds") {
  rounds = Number(args[1]);
  args.splice(0, 2);
}
const [url, key, login] = args;
const K = `${url}/api/v4/kyb/verifications`;

async function call(method, path, body, form) {
  const headers = { "ds-api-token": key };
  if (body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(path.startsWith("http") ? path : `${url}${path}`, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A PDF of `pages` pages that poppler renders, each drawing a few lines of text. */
function pdf(title, pages) {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${3 + 2 * i} 0 R`).join(" ")}] /Count ${pages} >>`];
  for (let i = 0; i < pages; i++) {
    const text = `BT /F1 18 Tf 72 720 Td (${title}, page ${i + 1}) Tj 0 -28 Td (Canal Street Coffee Ltd, 12 Canal Street, London) Tj ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + 2 * i} 0 R /Resources << /Font << /F1 ${3 + 2 * pages} 0 R >> >> >>`);
    objects.push(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
  }
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  let out = "%PDF-1.4\n";
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

const FIRST = ["Amelia", "Tom", "Ann", "Raj", "Lena", "Omar", "Sofia", "Jack", "Mia", "Noah"];
const LAST = ["Hart", "Reed", "Small", "Patel", "Vogel", "Haddad", "Rossi", "Evans", "Keller", "Visser"];

/** A submitted and checked case with `documents` documents and `persons` people (the representative and owners). */
async function makeCase(name, documents, persons) {
  const made = await call("POST", K, { external_id: `bench-casefile-${name}-${Date.now()}` });
  const base = `${K}/${made.id}`;
  await call("PUT", `${base}/sections/company`, {
    legal_name: "Canal Street Coffee Ltd", form_type: "Private limited company", entity_type: "corporation", registration_type: "company_number",
    registration_number: "12345098", country: "GB", incorporation_date: "2016-04-12", address: { street: "12 Canal Street", city: "London", postal_code: "EC2A 4NE", country: "GB" },
  });
  await call("PUT", `${base}/sections/representative`, { first_name: FIRST[0], last_name: LAST[0], email: "amelia@canal.example", title: "CEO", date_of_birth: "1984-02-03", nationality: "GB" });
  // One person: the representative is also the director and owner (declared twice, one person).
  const owners = persons === 1 ? [{ first_name: FIRST[0], last_name: LAST[0], date_of_birth: "1984-02-03", nationality: "GB", roles: ["director", "shareholder"], ownership_percentage: 100 }] : Array.from({ length: persons - 1 }, (_, i) => ({ first_name: FIRST[i + 1], last_name: LAST[i + 1], date_of_birth: `19${60 + i}-0${1 + (i % 9)}-1${i % 9}`, nationality: "GB", roles: i % 2 ? ["shareholder"] : ["director", "shareholder"], ownership_percentage: Math.floor(100 / Math.max(1, persons - 1)) }));
  await call("PUT", `${base}/sections/ownership`, { persons: owners });
  const kinds = ["certificate_of_incorporation", "proof_of_address", "ownership_document"];
  for (let i = 0; i < documents; i++) {
    const form = new FormData();
    form.append("file", new Blob([pdf(`Document ${i + 1}`, 1 + (i % 3))], { type: "application/pdf" }), `document-${i + 1}.pdf`);
    await call("POST", `${base}/documents?kind=${kinds[i % 3]}`, undefined, form);
  }
  await call("POST", `${base}/submit`);
  for (let i = 0; i < 60; i++) {
    await call("POST", "/_docket/clock/advance", { seconds: 30 });
    const c = await call("GET", base);
    if (c.stage !== "running_checks") return { id: made.id, persons: c.persons.length, documents: c.documents.length, checks: c.checks.length };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the checks did not finish");
}

const cases = [
  { name: "documents_20_persons_10", ...(await makeCase("big", 20, 10)), runs: { evidence: [], document: [] } },
  // The fewest a case with an owner can be submitted with: a certificate, a proof of address and an ownership document.
  { name: "documents_3_persons_1", ...(await makeCase("small", 3, 1)), runs: { evidence: [], document: [] } },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const first = await context.newPage();
await first.goto(login);
await first.getByTestId("reviewer-chip").waitFor({ timeout: 30_000 });
// One load per case not counted: the console's scripts into the cache, as for a reviewer at work.
for (const c of cases) {
  await first.goto(`${url}/kyb/${c.id}`);
  await first.getByTestId("document-image").waitFor({ timeout: 30_000 });
}
await first.close();

for (let round = 0; round < rounds; round++) {
  for (const c of cases) {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${url}/kyb/${c.id}`);
    await page.getByTestId("comparison").waitFor({ timeout: 30_000 });
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=person-row]").length === n && document.querySelector("[data-testid=check-business_risk_score]"), c.persons, { timeout: 30_000 });
    c.runs.evidence.push(performance.now() - started);
    await page.waitForFunction(() => {
      const img = document.querySelector("[data-testid=document-image]");
      return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
    }, null, { timeout: 30_000 });
    c.runs.document.push(performance.now() - started);
    await page.close();
  }
}
await browser.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round1 = (x) => Math.round(x * 10) / 10;
const out = {};
for (const c of cases) {
  out[c.name] = { documents: c.documents, persons: c.persons, checks: c.checks };
  for (const [k, xs] of Object.entries(c.runs)) out[c.name][k] = { median_ms: round1(median(xs)), worst_ms: round1(Math.max(...xs)), runs: xs.map(round1) };
}
const [big, small] = cases;
out.ratio_evidence = round1((median(big.runs.evidence) / median(small.runs.evidence)) * 100) / 100;
out.ratio_document = round1((median(big.runs.document) / median(small.runs.document)) * 100) / 100;
console.log(JSON.stringify(out, null, 2));
