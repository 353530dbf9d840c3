// The services of issue 35 in the console, against `docket serve --demo`: a KYT check made from
// its form with the listing as evidence, the demo deepfake analyses and their evidence, an
// applicant's non-document check run from its page, a bank statement's fields, and a document
// erased after its confirmation (the list keeps its tombstone). Screenshots in
// tests/artifacts/browser/.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { deflateSync } from "node:zlib";
import { launchBrowser, newPage, ROOT, SANDBOX_KEY, screenshot, startDocket } from "./harness.mjs";

let docket;
let chromium;
let session;

before(async () => {
  docket = await startDocket();
  chromium = await launchBrowser();
  session = await newPage(chromium.browser);
  await session.page.goto(docket.login);
  await session.page.getByTestId("count-applicants").filter({ hasText: /\d/ }).waitFor();
});

after(async () => {
  assert.deepEqual(session?.errors ?? [], [], "the console threw in the page");
  await chromium?.close();
  await docket?.stop();
});

/** Calls the API with the sandbox key; a form body when `form` is given. */
async function api(method, path, { json, form } = {}) {
  const headers = { "ds-api-token": SANDBOX_KEY };
  if (json) headers["content-type"] = "application/json";
  const r = await fetch(`${docket.url}${path}`, { method, headers, body: json ? JSON.stringify(json) : form });
  const text = await r.text();
  assert.ok(r.status < 300, `${method} ${path}: ${r.status} ${text}`);
  return JSON.parse(text);
}

/** A small grey PNG (for an upload). */
function png() {
  const crc = (buf) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (kind, data) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(kind), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(64, 0);
  header.writeUInt32BE(48, 4);
  header[8] = 8;
  const rows = Buffer.concat(Array.from({ length: 48 }, (_, y) => Buffer.from([0, ...Array.from({ length: 64 }, (_, x) => (x * y) % 256)])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

test("a KYT check from its form: the demo list's sanctioned wallet is a severe hit with the listing as evidence", async () => {
  const page = session.page;
  await page.getByTestId("nav-kyt").click();
  await page.getByTestId("kyt-chain").selectOption("bitcoin");
  await page.getByTestId("kyt-address").fill("1Fen3pfD2DQwqCcSk7gmRtx8MZAPceNiWQ");
  await page.getByTestId("kyt-submit").click();
  const evidence = page.getByTestId("kyt-evidence");
  await evidence.getByText(/sanctions/i).first().waitFor();
  assert.match(await page.locator("main").innerText(), /Severe/);
  await screenshot(page, "kyt-check");
});

test("the demo deepfake analyses: a verdict with its score, the client's words marked as declared", async () => {
  const page = session.page;
  // `serve --demo` adds them in the background, after the KYB cases: wait until they are there.
  for (let i = 0; i < 120 && (await api("GET", "/api/v4/deepfake/analyses")).data.length < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await page.getByTestId("nav-deepfake").click();
  const rows = page.getByTestId("deepfake-row");
  await rows.first().waitFor();
  assert.ok((await rows.count()) >= 3, "one demo stream of each verdict");
  await screenshot(page, "deepfake-analyses");
  await page.getByTestId("filter-verdict").selectOption("alert");
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="deepfake-row"]')].every((r) => /alert/i.test(r.textContent ?? "")));
  await rows.first().click();
  await page.getByTestId("deepfake-evidence").getByText("declared by the client").first().waitFor();
  assert.match(await page.getByTestId("deepfake-outcome").innerText(), /0\.97/);
  await screenshot(page, "deepfake-analysis");
});

test("an applicant's page: a non-document check run from its form, a bank statement's fields, a document erased to its tombstone", async () => {
  const page = session.page;
  const created = await api("POST", "/api/v3/applicants", {
    json: { info: { full_name: "Doris Document", dob: "1990-03-09", gender: "F" } },
  });
  const id = created.id ?? created.applicant_id;
  const statement = new FormData();
  statement.append("file", new Blob([readFileSync(join(ROOT, "tests", "fixtures", "bankbook", "000-de.pdf"))], { type: "application/pdf" }), "statement.pdf");
  await api("POST", `/api/v4/bankbook/${id}`, { form: statement });
  const passport = new FormData();
  passport.append("file", new Blob([png()], { type: "image/png" }), "passport.png");
  passport.append("document_type", "passport");
  await api("POST", `/api/v3/upload/${id}`, { form: passport });

  await page.goto(`${docket.url}/applicants/${id}`);
  // PESEL 90030910000's magic "000": the sandbox registry has no record of it.
  await page.getByTestId("nondoc-type").selectOption("PL_PESEL");
  await page.getByTestId("nondoc-number").fill("90030910000");
  await page.getByTestId("nondoc-run").click();
  const check = page.getByTestId("nondoc-check").first();
  await check.getByText(/not found|no record/i).first().waitFor();
  assert.match(await check.innerText(), /failed/i);

  const fields = page.getByTestId("statement-fields").first();
  await fields.waitFor();
  assert.match(await fields.innerText(), /IBAN/);
  await screenshot(page, "applicant-services");

  const documents = page.getByTestId("applicant-documents");
  await documents.getByTestId("document-row").filter({ hasText: "passport.png" }).waitFor();
  await documents.getByTestId("erase-document").first().click();
  await page.getByTestId("confirm-erase-document").click();
  await documents.getByTestId("document-erased").waitFor();
  assert.equal(await documents.getByTestId("erase-document").count(), 0, "an erased document offers nothing to erase");
  await screenshot(page, "applicant-documents-erased");
});
