// The console end to end in Chromium against a real `docket serve --demo`: every view is
// opened, filtered and acted on, and a screenshot of each is kept in tests/artifacts/browser/.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { after, before, describe, test } from "node:test";
import { callApi, launchBrowser, newPage, PRODUCTION_KEY, screenshot, startDocket, unnamedControls, whoAmI } from "./harness.mjs";

let docket;
let chromium;
let session; // { context, page, errors } signed in as the owner (the login link `docket serve` prints)
let REVIEWER; // the owner's name, as `GET /_docket/me` says

before(async () => {
  docket = await startDocket();
  chromium = await launchBrowser();
  session = await newPage(chromium.browser);
  const started = performance.now();
  await session.page.goto(docket.login);
  await session.page.getByTestId("count-applicants").filter({ hasText: /\d/ }).waitFor();
  REVIEWER = (await whoAmI(session.page)).name;
  console.log(`# login link to an interactive overview: ${Math.round(performance.now() - started)} ms`);
});

after(async () => {
  assert.deepEqual(session?.errors ?? [], [], "the console threw in the page");
  await chromium?.close();
  await docket?.stop();
});

const page = () => session.page;
const go = async (testId) => {
  await page().getByTestId(`nav-${testId}`).click();
};

describe("signing in", () => {
  test("a login link works once; without a session the console explains how to sign in", async () => {
    const other = await newPage(chromium.browser);
    await other.page.goto(docket.url);
    await other.page.getByText("Open Docket's console with a login link").waitFor();
    const response = await other.page.goto(docket.login);
    assert.equal(response.status(), 401, "the first link was used by the session already");
    await screenshot(other.page, "signed-out");
    const fresh = await docket.newLoginLink();
    await other.page.goto(fresh);
    await other.page.getByTestId("reviewer-chip").getByText(REVIEWER).waitFor();
    // Signing out ends the session: the console explains how to sign in again.
    await other.page.getByTestId("sign-out").click();
    await other.page.getByText("Open Docket's console with a login link").waitFor();
    await other.context.close();
  });

  test("the signed-in reviewer is shown with their role; no name to type", async () => {
    await assertText(page().getByTestId("reviewer-chip"), REVIEWER);
    await assertText(page().getByTestId("reviewer-role"), "Admin");
    assert.equal(await page().getByTestId("reviewer-dialog").count(), 0);
  });
});

describe("overview", () => {
  test("shows the base URL, counts, clock and keys, and acts on them", async () => {
    await go("overview");
    await assertText(page().getByTestId("base-url"), docket.url);
    const applicants = Number((await page().getByTestId("count-applicants").locator("strong").textContent()).replace(/\D/g, ""));
    assert.ok(applicants >= 20, `demo applicants counted: ${applicants}`);
    await page().getByTestId("keys-table").getByTestId("key-row").first().waitFor();
    await screenshot(page(), "overview");

    // Move the sandbox clock a day, then back.
    await page().getByTestId("advance-1d").click();
    await page().getByTestId("clock").getByText(/\+1 d/).waitFor();
    await page().getByTestId("clock-reset").click();
    await page().getByTestId("clock").getByText("Real time", { exact: true }).waitFor();

    // A new key is shown once and works; revoking it stops it.
    await page().getByTestId("create-key").click();
    await page().getByTestId("key-name").fill("Browser test key");
    await page().getByTestId("key-create-submit").click();
    const secret = (await page().getByTestId("new-key-secret").textContent()).trim();
    assert.equal((await callApi(docket.url, "GET", "/api/v3/applicants?limit=1", null, secret)).status, 200);
    await page().getByRole("button", { name: "Done" }).click();
    const row = page().getByTestId("key-row").filter({ hasText: "Browser test key" });
    await row.getByTestId("revoke-key").click();
    await page().getByTestId("confirm-revoke").click();
    await row.getByText("revoked").waitFor();
    assert.equal((await callApi(docket.url, "GET", "/api/v3/applicants?limit=1", null, secret)).status, 401);
  });
});

describe("applicants", () => {
  test("lists, filters, opens, creates, edits, monitors and deletes", async () => {
    await go("applicants");
    const rows = page().getByTestId("applicants-table").getByTestId("applicant-row");
    await rows.first().waitFor();
    assert.ok((await rows.count()) >= 10);
    await screenshot(page(), "applicants");

    await page().getByTestId("filter-type").selectOption("Organization");
    await page().waitForURL(/type=Organization/);
    await page().getByTestId("filter-name").fill("Atlas Freight");
    await page().waitForURL(/name=Atlas/);
    await expectCount(rows, 1);
    await rows.first().click();
    await page().getByTestId("info-table").waitFor();
    await assertText(page().locator("h1"), "Atlas Freight SARL");
    await screenshot(page(), "applicant-detail");

    await go("applicants");
    await page().getByTestId("new-applicant").click();
    await page().getByTestId("field-full_name").fill("Grace Hopper");
    await page().getByTestId("field-country").fill("us");
    await page().getByTestId("field-external_id").fill("browser-test-1");
    await page().getByTestId("save-applicant").click();
    await page().getByTestId("info-table").waitFor();
    await assertText(page().locator("h1"), "Grace Hopper");

    await page().getByTestId("edit-applicant").click();
    await page().getByTestId("field-address").fill("1 Navy Way, Arlington");
    await page().getByTestId("save-applicant").click();
    await page().getByTestId("info-table").getByText("1 Navy Way, Arlington").first().waitFor();

    await page().getByTestId("toggle-monitoring").check();
    // Monitoring screens at once: the screening shows up on the applicant.
    await page().getByTestId("screening-card").getByTestId("screening-entry").first().waitFor();

    const created = await callApi(docket.url, "GET", "/api/v3/applicants/by_external_id/browser-test-1");
    assert.equal(created.body.system_info.address, "1 Navy Way, Arlington");
    assert.equal(created.body.aml_screening_enabled, true);

    await page().getByTestId("delete-applicant").click();
    await page().getByTestId("confirm-delete").click();
    await page().waitForURL(/\/applicants$/);
    assert.equal((await callApi(docket.url, "GET", "/api/v3/applicants/by_external_id/browser-test-1")).status, 404);
  });

  test("rows are reachable by keyboard and shortcuts navigate", async () => {
    await go("overview");
    await page().keyboard.press("g");
    await page().keyboard.press("a");
    await page().waitForURL(/\/applicants$/);
    const rows = page().getByTestId("applicant-row");
    await rows.nth(1).waitFor();
    await page().waitForLoadState("networkidle");
    await rows.first().focus();
    await page().evaluate(() => document.activeElement.setAttribute("data-was-focused", ""));
    await page().keyboard.press("ArrowDown");
    const moved = await page().evaluate(() => document.activeElement.previousElementSibling?.hasAttribute("data-was-focused"));
    assert.ok(moved, "ArrowDown moves to the next row");
    await page().keyboard.press("Enter");
    await page().getByTestId("info-table").waitFor();
    await page().keyboard.press("?");
    await page().getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
    await page().keyboard.press("Escape");
  });
});

describe("AML screening", () => {
  test("searches, explains the hits, opens an entity and shows the history", async () => {
    await go("aml");
    await page().getByTestId("aml-name").fill("Ivan Sanctionof");
    await page().getByTestId("aml-submit").click();
    const hits = page().getByTestId("aml-results").getByTestId("aml-hit");
    await hits.first().waitFor();
    await page().getByText(/name tokens matched/).first().waitFor();
    await screenshot(page(), "aml-search");

    await page().getByTestId("aml-results").locator("a[href^='/aml/entities/']").first().click();
    await page().waitForURL(/\/aml\/entities\//);
    await page().locator("h1").waitFor();
    await screenshot(page(), "aml-entity");

    await go("aml-history");
    // By name: the demo's background seeding (KYB persons, monitored payees) screens names too,
    // and can push this search off the first page.
    await page().getByTestId("history-name").fill("Ivan Sanctionof");
    const history = page().getByTestId("aml-history-table").getByTestId("aml-history-row");
    await history.filter({ hasText: "Ivan Sanctionof" }).first().waitFor();
    await screenshot(page(), "aml-history");
    await history.filter({ hasText: "Ivan Sanctionof" }).first().click();
    await page().waitForURL(/report=/);
    await page().getByTestId("aml-results").getByTestId("aml-hit").first().waitFor();
  });

  test("imports a watchlist from an uploaded file, with progress, and searches it", async () => {
    await go("aml-lists");
    await page().getByTestId("lists-table").waitFor();
    const dir = mkdtempSync(join(tmpdir(), "docket-list-"));
    const file = join(dir, "consolidated.csv");
    writeFileSync(file, cslFile());
    await page().getByLabel(/format/i).selectOption("us-csl");
    await page().locator("input[type=file]").setInputFiles(file);
    await page().getByTestId("import-submit").click();
    await page().getByText(/done/i).first().waitFor({ timeout: 30_000 });
    await screenshot(page(), "aml-watchlists");
    const search = await callApi(docket.url, "POST", "/api/v3/aml/search", { full_name: "Borislav Quenchworth" });
    assert.ok(search.body.data.length >= 1, "the imported entity is found");
  });
});

describe("webhooks", () => {
  test("creates an endpoint with its secret shown once, sends a test event, shows the attempt and replays it", async () => {
    const received = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      });
    });
    await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hook = `http://127.0.0.1:${receiver.address().port}/hooks`;
    try {
      await go("webhooks");
      await page().getByTestId("new-webhook").click();
      await page().getByTestId("webhook-url").fill(hook);
      await page().getByTestId("webhook-save").click();
      assert.match(await page().getByTestId("webhook-secret").textContent(), /^whsec_[0-9a-f]{64}$/);
      await page().getByRole("button", { name: "Done" }).click();
      const row = page().getByTestId("webhook-row").filter({ hasText: hook });
      await row.waitFor();
      await screenshot(page(), "webhooks");

      await row.getByTestId("send-test").click();
      await go("deliveries");
      const delivery = page().getByTestId("deliveries-table").getByTestId("delivery-row").first();
      await delivery.getByText("delivered").waitFor();
      await screenshot(page(), "webhook-deliveries");
      await delivery.click();
      await page().getByTestId("attempts").getByText("200").first().waitFor();
      await page().getByTestId("replay-delivery").click();
      await page().getByTestId("attempts").getByText("replay").waitFor();
      await screenshot(page(), "webhook-delivery");
      assert.ok(received.length >= 2, `the receiver got the test event and its replay (${received.length})`);
      assert.ok(received.every((r) => /^t=\d+,v1=[0-9a-f]{64}/.test(r.headers["x-webhook-signature"])), "signed");
    } finally {
      receiver.close();
    }
  });
});

describe("requests", () => {
  test("shows API calls as they happen, filters them, shows bodies and the reviewer of console actions", async () => {
    await go("requests");
    await page().getByTestId("requests-table").waitFor();
    await callApi(docket.url, "POST", "/api/v3/applicants", { external_id: "journal-probe", info: { full_name: "Journal Probe" } }, undefined, "journal-probe/1.0");
    // The row is told apart from the console's own creates by its client (User-Agent).
    const probe = page().getByTestId("request-row").filter({ hasText: "journal-probe/1.0" }).filter({ hasText: "201" }).first();
    await probe.waitFor({ timeout: 10_000 });
    await page().getByTestId("filter-method").selectOption("POST");
    await page().waitForURL(/method=POST/);
    await probe.click();
    await page().getByTestId("request-body").getByText("Journal Probe").waitFor();
    await screenshot(page(), "requests");
    // Beside the open detail, a path stays legible: "/api/v3/applicants" on one line (it was
    // squeezed to a few letters a line), and the latency and sender columns give way (the
    // detail shows both).
    const lines = await page()
      .locator("[data-testid=request-row][aria-selected=true]")
      .locator("td")
      .nth(2)
      .locator("code")
      .evaluate((code) => code.getBoundingClientRect().height / parseFloat(getComputedStyle(code).lineHeight));
    assert.ok(lines < 1.5, `the path on one line beside the detail (${lines.toFixed(1)} lines)`);
    assert.equal(await page().getByTestId("requests-table").locator("th", { hasText: /latency|^by$/i }).count(), 0, "no latency or sender column beside the detail");
    await page().getByRole("button", { name: "Close detail" }).click();
    await page().getByTestId("filter-source").selectOption("console");
    await page().getByTestId("request-row").filter({ hasText: REVIEWER }).first().waitFor();
    // The audit trail of one reviewer: only their actions are listed.
    await page().getByTestId("filter-reviewer").fill(REVIEWER);
    await page().waitForURL(/reviewer=/);
    await page().waitForLoadState("networkidle");
    const byOthers = await page().getByTestId("request-row").filter({ hasNotText: REVIEWER }).count();
    assert.equal(byOthers, 0, "only the reviewer's actions");
  });
});

describe("environments", () => {
  test("production is kept apart and says so", async () => {
    await callApi(docket.url, "POST", "/api/v3/applicants", { external_id: "prod-1", info: { full_name: "Production Person" } }, PRODUCTION_KEY);
    await page().getByTestId("env-production").click();
    await page().getByText("Production data: actions are real").waitFor();
    await go("applicants");
    const rows = page().getByTestId("applicant-row");
    await expectCount(rows, 1);
    await assertText(rows.first(), "Production Person");
    await screenshot(page(), "production-applicants");
    await page().getByTestId("env-sandbox").click();
  });

  test("nothing breaks at 1024x700 or in the dark theme", async () => {
    const small = await newPage(chromium.browser, { viewport: { width: 1024, height: 700 }, colorScheme: "dark" });
    await small.page.goto(await docket.newLoginLink());
    await small.page.getByTestId("reviewer-chip").getByText(REVIEWER).waitFor();
    // Below 1200 px the navigation is behind the topbar's toggle.
    await small.page.getByTestId("sidebar-toggle").click();
    for (const view of ["overview", "kyb", "applicants", "aml", "webhooks", "requests", "audit", "reviewers"]) {
      await small.page.getByTestId(`nav-${view}`).click();
      await small.page.locator("main h1").first().waitFor();
      const overflow = await small.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${view} scrolls sideways by ${overflow}px at 1024x700`);
    }
    await screenshot(small.page, "dark-1024x700");
    assert.deepEqual(small.errors, []);
    await small.context.close();
  });
});

describe("accessibility", () => {
  test("every control of every view has an accessible name, and focus is visible", async () => {
    const views = ["/", "/applicants", "/applicants/new", "/aml", "/aml/history", "/aml/lists", "/webhooks", "/webhooks/deliveries", "/requests", "/kyb", "/audit", "/reviewers", "/transmon", "/transmon/rules", "/transmon/backtest", "/data"];
    for (const path of views) {
      await page().goto(docket.url + path);
      await page().locator("main h1").first().waitFor();
      await page().waitForLoadState("networkidle");
      const { controls, unnamed } = await unnamedControls(page());
      assert.ok(controls > 0, `${path} has controls to check`);
      assert.deepEqual(unnamed, [], `controls without a name on ${path}`);
    }
    await page().goto(docket.url + "/applicants");
    await page().getByTestId("applicant-row").first().waitFor();
    await page().getByTestId("filter-name").focus();
    const outline = await page().evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, "none", "the focused field shows a focus ring");
  });
});

async function assertText(locator, expected) {
  await locator.filter({ hasText: expected }).first().waitFor();
}

async function expectCount(locator, n) {
  const deadline = Date.now() + 10_000;
  while ((await locator.count()) !== n) {
    if (Date.now() > deadline) assert.equal(await locator.count(), n);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A one-entity list in the US Consolidated Screening List CSV format. */
function cslFile() {
  const header = ["_id", "source", "entity_number", "type", "programs", "name", "title", "addresses", "federal_register_notice", "start_date", "end_date", "standard_order", "license_requirement", "license_policy", "call_sign", "vessel_type", "gross_tonnage", "gross_registered_tonnage", "vessel_flag", "vessel_owner", "remarks", "source_list_url", "alt_names", "citizenships", "dates_of_birth", "nationalities", "places_of_birth", "source_information_url", "ids"];
  const row = { _id: "e2e-1", source: "Specially Designated Nationals (SDN) - Treasury Department", entity_number: "99001", type: "Individual", programs: "RUSSIA-EO14024", name: "QUENCHWORTH, Borislav", nationalities: "RU", dates_of_birth: "1970-02-03" };
  const quote = (v) => `"${String(v ?? "").replaceAll('"', '""')}"`;
  return `${header.join(",")}\n${header.map((h) => quote(row[h])).join(",")}\n`;
}

describe("KYB widget", () => {
  const pdf = (text) => {
    const content = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
    return Buffer.from(`%PDF-1.4\n1 0 obj << /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n%%EOF\n`);
  };

  test("a merchant fills every section, uploads the documents and submits, without a key", async () => {
    const created = await callApi(docket.url, "POST", "/api/v4/kyb/verifications", { external_id: "browser-widget-merchant" });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const merchant = await newPage(chromium.browser);
    const w = merchant.page;
    await w.goto(created.body.widget_url);
    await w.getByRole("heading", { name: "Company" }).waitFor();
    await screenshot(w, "kyb-widget-start");

    const fill = async (pairs) => {
      for (const [label, value] of pairs) await w.getByLabel(label).fill(value);
    };
    const country = async (label, typed, name) => {
      await w.getByRole("combobox", { name: label, exact: true }).fill(typed);
      await w.getByRole("option", { name, exact: true }).click();
    };
    const date = async (legend, day, month, year, within = w) => {
      const group = within.getByRole("group", { name: legend });
      await group.getByLabel("Day").fill(day);
      await group.getByLabel("Month").selectOption(month);
      await group.getByLabel("Year").fill(year);
    };
    await w.getByLabel("Type of business").selectOption({ label: "Limited company" });
    await w.getByLabel("Registration type").selectOption({ label: "Company number" });
    await fill([["Legal name", "Harbour Lights Ltd"], ["Legal form", "Private limited company"],
      ["Registration number", "11335577"], ["Street", "3 Harbour Road"], ["City", "Plymouth"], ["Postal code", "PL1 2AA"]]);
    await country("Country of registration", "United Kingdom", "United Kingdom");
    await date("Date of incorporation", "5", "May", "2015");
    await w.getByRole("button", { name: "Continue" }).click();

    await w.getByRole("heading", { name: "Representative" }).waitFor();
    await fill([["First name", "Rosa"], ["Last name", "Penrose"], ["E-mail", "rosa@harbourlights.example"], ["Position", "Director"]]);
    await country("Nationality", "GB", "United Kingdom");
    await date("Date of birth", "4", "March", "1980");
    await w.getByRole("button", { name: "Continue" }).click();

    // The representative is the owner: one step, one person.
    await w.getByRole("heading", { name: "Ownership and control" }).waitFor();
    await w.getByRole("button", { name: "Rosa Penrose is also a director or owner" }).click();
    const person = w.getByRole("group", { name: "Rosa Penrose (the representative)" });
    await person.getByLabel("Director").check();
    await person.getByLabel("Share of ownership (%)").fill("100");
    await w.getByRole("button", { name: "Continue" }).click();

    await w.getByRole("heading", { name: "Documents" }).waitFor();
    const text = "Harbour Lights Ltd company number 11335577 3 Harbour Road Rosa Penrose";
    for (const kind of ["certificate_of_incorporation", "proof_of_address", "ownership_document"]) {
      await w.locator(`#file-${kind}`).setInputFiles({ name: `${kind}.pdf`, mimeType: "application/pdf", buffer: pdf(text) });
      await w.getByText(`${kind}.pdf uploaded.`).waitFor();
    }
    await w.getByRole("button", { name: "Continue" }).click();
    await w.getByRole("heading", { name: "Review and submit" }).waitFor();
    await screenshot(w, "kyb-widget-review");
    await w.getByRole("button", { name: "Submit for verification" }).click();
    await w.getByText("Submitted. Thank you").waitFor();

    const after = await callApi(docket.url, "GET", `/api/v4/kyb/verifications/${created.body.id}`);
    assert.equal(after.body.status, "under_review");
    assert.equal(after.body.documents.length, 3);
    assert.equal(after.body.form.company.legal_name, "Harbour Lights Ltd");
    assert.equal(after.body.persons.length, 1, "the representative who owns the business is one person");
    assert.deepEqual(merchant.errors, [], "the widget threw in the page");
    await merchant.context.close();
  });
});

describe("hosted verification page", () => {
  // A grey PNG of random blocks (decodable, and different per seed to the perceptual hash).
  const png = (seed) => {
    const table = Array.from({ length: 256 }, (_, n) => {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      return c >>> 0;
    });
    const crc = (buf) => {
      let c = 0xffffffff;
      for (const b of buf) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
      return (c ^ 0xffffffff) >>> 0;
    };
    const chunk = (type, data) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type), data]);
      const tail = Buffer.alloc(4);
      tail.writeUInt32BE(crc(body));
      return Buffer.concat([head, body, tail]);
    };
    let state = seed;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) % 256;
    const blocks = Array.from({ length: 8 }, () => Array.from({ length: 9 }, next));
    const [w, h] = [256, 160];
    const rows = Buffer.alloc((w + 1) * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows[y * (w + 1) + 1 + x] = blocks[Math.floor(y / 25)][Math.floor(x / 32)];
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(w, 0);
    ihdr.writeUInt32BE(h, 4);
    ihdr[8] = 8;
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr),
      chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
  };

  test("a person verifies through a profile's public link, without a key", async () => {
    const settings = { countries: ["DE", "AT"], manual_field_settings: { enabled: true, full_name: { enabled: true } },
      finish_screen_settings: { enabled: true, settings: { title: "All done, thank you" } } };
    const profile = await callApi(docket.url, "POST", "/api/v3/profiles", { name: "Browser link profile", settings });
    assert.equal(profile.status, 200, JSON.stringify(profile.body));
    const link = await callApi(docket.url, "POST", `/api/v3/profiles/${profile.body.id}/link`, { expiration_in_minutes: 60 });
    assert.equal(link.status, 200, JSON.stringify(link.body));

    const person = await newPage(chromium.browser);
    const p = person.page;
    await p.goto(`${docket.url}/vp/${link.body.link_id}`);
    await p.getByRole("heading", { name: "Verify your identity" }).waitFor();
    await p.getByRole("button", { name: "Start verification" }).click();
    await p.getByLabel("Country that issued your document").waitFor();
    await p.getByLabel("Country that issued your document").click();
    const offered = await p.locator("#country-list [role=option]").allTextContents();
    assert.deepEqual(offered, ["Austria AT", "Germany DE"], "only the profile's countries");
    await p.getByLabel("Country that issued your document").fill("Germ");
    await p.getByRole("option", { name: /Germany/ }).click();
    await p.getByRole("button", { name: "Continue" }).click();
    await p.getByLabel("Full name").fill("Greta Lindqvist");
    await p.getByRole("button", { name: "Continue" }).click();
    await p.getByRole("heading", { name: /Your documents/ }).waitFor();
    await screenshot(p, "verification-documents");
    await p.locator("#need-identity-type").selectOption({ label: "Passport" });
    await p.getByLabel("Passport: Take a photo or choose a file").setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: png(101) });
    await p.locator('[data-need="identity"] .upload.done').waitFor();
    await p.getByLabel("Selfie: Take a photo or choose a file").setInputFiles({ name: "selfie.png", mimeType: "image/png", buffer: png(202) });
    await p.locator('[data-need="face"] .upload.done').waitFor();
    await p.getByRole("button", { name: "Submit" }).click();
    await p.getByRole("heading", { name: "All done, thank you" }).waitFor();
    await screenshot(p, "verification-done");

    const short = new URL(p.url()).pathname.split("/").pop();
    const v = await callApi(docket.url, "GET", `/api/v3/verifications/short/${short}`);
    assert.equal(v.body.status, "in_progress");
    assert.equal(v.body.country_code, "DE");
    assert.equal(v.body.manual_fields.full_name, "Greta Lindqvist");
    assert.equal(v.body.documents.length, 2);
    assert.deepEqual(person.errors, [], "the page threw");
    await person.context.close();
  });

  test("the console lists the demo verifications and shows one with its documents", async () => {
    // The demo verifications are seeded after the KYB cases, while the server already answers.
    for (let i = 0; i < 120; i++) {
      const failed = await callApi(docket.url, "GET", "/api/v3/verifications?status=failed&limit=100");
      if (failed.body.data.length >= 2) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await go("verifications");
    const rows = page().getByTestId("verification-row");
    await rows.first().waitFor();
    assert.ok((await rows.count()) >= 5, "the demo verifications are listed");
    await page().getByTestId("filter-status").selectOption("failed");
    // The unfiltered rows stay on screen until the filtered page arrives: wait for it.
    await page().waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="verification-row"]')];
      return rows.length > 0 && rows.every((row) => row.querySelector(".badge")?.textContent === "failed");
    });
    await page().getByTestId("verification-row").first().locator("a").first().click();
    await page().getByTestId("checks-card").waitFor();
    await page().getByTestId("document").first().locator("img").waitFor();
    assert.equal(await page().getByTestId("document").count(), 2);
    await page().getByTestId("timeline").getByText("Finished: failed").waitFor();
    await screenshot(page(), "verification-detail");
    await go("verification-profiles");
    const demo = page().getByTestId("profile-row").filter({ hasText: "EU residents with proof of address" });
    await demo.getByTestId("link-url").waitFor();
    await screenshot(page(), "verification-profiles");
  });

  test("in production a reviewer records the checks Docket cannot make", async () => {
    const created = await callApi(docket.url, "POST", "/api/v3/verifications", {}, PRODUCTION_KEY);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const v = created.body;
    for (const [type, seed] of [["passport", 303], ["selfie", 404]]) {
      const form = new FormData();
      form.append("document_type", type);
      form.append("file", new Blob([png(seed)], { type: "image/png" }), `${type}.png`);
      const r = await fetch(`${docket.url}/api/v3/upload/${v.applicant_id}`, { method: "POST", headers: { "ds-api-token": PRODUCTION_KEY }, body: form });
      assert.equal(r.status, 200, await r.text());
    }
    assert.equal((await callApi(docket.url, "POST", `/api/v3/verifications/${v.id}/proceed`, null, PRODUCTION_KEY)).status, 200);

    await page().getByTestId("env-production").click();
    await page().goto(`${docket.url}/verifications/${v.id}`);
    await page().getByTestId("review-face_comparison").waitFor();
    await screenshot(page(), "verification-review");
    // Each outcome is confirmed in a dialog and held for a minute (undo), then takes effect.
    for (const [step, action] of [["document_mrz", "pass"], ["document_ocr", "pass"], ["face_comparison", "fail"]]) {
      if (step === "face_comparison") await page().getByTestId("note-face_comparison").fill("Different person");
      await page().getByTestId(`${action}-${step}`).click();
      await page().getByTestId(`confirm-outcome-${step}`).click();
      await page().getByTestId(`pending-${step}`).getByText(/takes effect in \d+ s/).waitFor();
    }
    const held = await callApi(docket.url, "GET", `/api/v3/verifications/${v.id}`, null, PRODUCTION_KEY);
    assert.notEqual(held.body.status, "failed", "nothing takes effect before the minute is over");
    await page().getByTestId("env-sandbox").click();
  });
});

describe("e-mail checks", () => {
  test("a check, its code in the outbox, and its ownership verified", async () => {
    const created = await callApi(docket.url, "POST", "/api/v4/email/checks", { email: "greta@example.com", require_ownership: true });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await callApi(docket.url, "POST", "/api/v4/email/checks", { email: "info@mailinator.com" });
    await go("email");
    await page().getByTestId("email-row").filter({ hasText: "info@mailinator.com" }).getByText("risky").waitFor();
    await screenshot(page(), "email-checks");
    await go("email-outbox");
    const message = page().getByTestId("outbox-message").filter({ hasText: "greta@example.com" });
    const code = (await message.getByTestId("outbox-code").textContent()).trim();
    assert.match(code, /^\d{6}$/);
    await screenshot(page(), "email-outbox");
    const verified = await callApi(docket.url, "POST", "/api/v4/email/otp/verify", { check_id: created.body.id, code });
    assert.equal(verified.body.verified, true);
    await page().goto(`${docket.url}/email/${created.body.id}`);
    await page().getByTestId("email-ownership").getByText("Ownership verified").waitFor();
    await screenshot(page(), "email-check");
  });
});

describe("transaction monitoring", () => {
  test("a rule written in the editor: errors underlined as you type, tried on an event, saved, backtested", async () => {
    // The demo's history is added with the demo data; wait for it.
    for (let i = 0; i < 120; i++) {
      const events = await callApi(docket.url, "GET", "/api/v3/transmon/events?limit=1");
      if (events.status === 200 && events.body.data.length) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await go("transmon");
    await page().getByTestId("transmon-event").first().waitFor();
    await screenshot(page(), "transmon-events");

    await go("transmon-rules");
    await page().getByTestId("rule-row").first().waitFor();
    await page().getByTestId("new-rule").click();
    const editor = page().getByTestId("rule-editor");
    await editor.getByTestId("rule-name").fill("Big and busy");
    await editor.getByTestId("rule-event-type").selectOption("transaction_post");
    await editor.getByTestId("rule-expression").fill("event.amount > && stats.last7d.transactions_count >= 2");
    await assertText(editor.getByTestId("expression-error"), "Line 1, column 16");
    assert.equal((await editor.getByTestId("expression-error-mark").textContent()).trim(), "&&", "the error is underlined where it is");
    assert.equal(await editor.getByTestId("rule-save").isDisabled(), true, "a rule that does not compile cannot be saved");
    await screenshot(page(), "transmon-rule-error");
    await editor.getByTestId("rule-expression").fill("event.amount > 100 && stats.last7d.transactions_count >= 2");
    await assertText(editor.getByTestId("expression-ok"), "event.amount, stats.last7d.transactions_count");
    await editor.getByTestId("rule-causes").fill("BIG_BUSY");
    await editor.getByTestId("try-run").click();
    await editor.getByTestId("try-result").waitFor();
    assert.match(await editor.getByTestId("try-result").textContent(), /fires|does not fire/);
    await screenshot(page(), "transmon-rule-editor");
    await editor.getByTestId("rule-save").click();
    await page().getByTestId("rule-row").filter({ hasText: "Big and busy" }).waitFor();
    const rules = await callApi(docket.url, "GET", "/api/v3/transmon/rules/list/transaction_post");
    const mine = rules.body.custom_rules.find((r) => r.name === "Big and busy");
    assert.deepEqual([mine.expression, mine.causes, mine.status], ["event.amount > 100 && stats.last7d.transactions_count >= 2", ["BIG_BUSY"], "active"]);
    await screenshot(page(), "transmon-rules");

    // The backtest: leave the new rule out of the draft and see what it no longer flags.
    await go("transmon-backtest");
    const row = page().getByTestId("draft-row").filter({ hasText: "Big and busy" });
    await row.getByTestId("draft-include").uncheck();
    await page().getByTestId("backtest-from").fill("2000-01-01");
    await page().getByTestId("backtest-run").click();
    await page().getByTestId("backtest-report").waitFor();
    await page().getByTestId("backtest-rules").getByText("Big and busy").waitFor();
    await page().getByTestId("no-longer-flagged").waitFor();
    await screenshot(page(), "transmon-backtest");

    // An event's result, and an applicant's statistics on their page.
    await go("transmon");
    // The row's time opens the event (the middle of the row is now the applicant's name, a link of its own).
    await page().getByTestId("transmon-event").first().getByRole("link").first().click();
    await page().getByTestId("event-stats").waitFor();
    await page().getByTestId("event-fields").waitFor();
    await screenshot(page(), "transmon-event");
    const applicantId = await page().getByTestId("event-applicant").getAttribute("data-applicant-id");
    await page().getByTestId("event-applicant").click();
    await page().waitForURL(`**/applicants/${applicantId}`);
    await page().getByTestId("applicant-transactions").getByTestId("applicant-stats").waitFor();
    await page().getByTestId("applicant-event").first().waitFor();
  });
});

describe("data and privacy", () => {
  test("the owner sees where the data lives, that it is private and not encrypted, and backs it up", async () => {
    await go("data");
    await page().getByTestId("data-dir").waitFor();
    await assertText(page().getByTestId("data-private"), "private");
    await assertText(page().getByTestId("data-encrypted"), "not encrypted");
    await assertText(page().getByTestId("last-backup"), "No backup taken from the console yet.");
    await page().getByTestId("backup-keep").fill("0");
    assert.equal(await page().getByTestId("backup-settings-save").isDisabled(), true, "keep 0 cannot be saved");
    await page().getByTestId("backup-keep").fill("3");
    await page().getByTestId("backup-daily").check();
    await page().getByTestId("backup-settings-save").click();
    await page().getByText("Backup settings saved").waitFor();
    await page().getByTestId("backup-now").click();
    // Two backups: the daily schedule's first (at once, as none is a day old) and this one.
    await page().getByTestId("backup-row").filter({ hasText: REVIEWER }).waitFor();
    await page().getByTestId("backup-row").filter({ hasText: "daily schedule" }).waitFor();
    await assertText(page().getByTestId("last-backup"), "Last backup");
    const status = await page().evaluate(() => fetch("/_docket/data", { headers: { "X-Docket-Environment": "sandbox" } }).then((r) => r.json()));
    assert.equal(status.backups.keep, 3);
    assert.equal(status.backups.daily, true);
    await assertText(page().getByTestId("next-daily"), "next");
    assert.match(status.recent_backups[0].path, /\.docket-backup$/);
    // Retention: the search history kept a year, decided cases' documents ten.
    await page().getByTestId("retention-searches").fill("365");
    await page().getByTestId("retention-case-files").fill("3650");
    await page().getByTestId("retention-save").click();
    await page().getByText("Retention saved").waitFor();
    const retention = await callApi(docket.url, "GET", "/_docket/retention");
    assert.equal(retention.body.search_history_days, 365);
    assert.equal(retention.body.case_files_days, 3650);
    await assertText(page().getByTestId("data-encrypted"), "not encrypted");
    // An erasure shows in the log, by id only.
    const made = await callApi(docket.url, "POST", "/api/v3/applicants", { info: { full_name: "Erased Person" } });
    assert.equal((await callApi(docket.url, "DELETE", `/api/v3/applicants/${made.body.id}`)).status, 200);
    await page().reload();
    const erased = page().getByTestId("erasure-row").filter({ hasText: made.body.id });
    await erased.waitFor();
    assert.doesNotMatch(await erased.textContent(), /Erased Person/);
    await screenshot(page(), "data-privacy");
  });
});

describe("encryption at rest", () => {
  test("the owner of an encrypted directory sees it encrypted and shows the key to keep a copy", async () => {
    const key = "c0ffee".repeat(10) + "c0de";
    const encrypted = await startDocket({ demo: false, env: { DOCKET_DATABASE_KEY: key } });
    const own = await newPage(chromium.browser);
    try {
      await own.page.goto(encrypted.login);
      await own.page.getByTestId("reviewer-chip").waitFor();
      await own.page.goto(`${encrypted.url}/data`);
      await assertText(own.page.getByTestId("data-encrypted"), "encrypted");
      assert.doesNotMatch(await own.page.getByTestId("data-encrypted").textContent(), /not encrypted/);
      await own.page.getByTestId("show-database-key").click();
      await own.page.getByTestId("confirm-show-key").click();
      await assertText(own.page.getByTestId("database-key"), key);
      assert.deepEqual(own.errors, [], "the console threw in a page");
    } finally {
      await own.context.close();
      await encrypted.stop();
    }
  });
});
