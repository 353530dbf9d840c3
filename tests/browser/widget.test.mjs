// The hosted KYB widget as a merchant uses it (issue 34), in Chromium at 390x844 and 1440x900
// against a real `docket serve`: every section filled through the page with an error per kind of
// field shown beside its field in words, a reload that returns to the step, the representative
// added as an owner in one step (one person in the case), remediation of two sections whose
// statuses follow the fixes, a rejection the merchant reads with the reviewers' message, German
// and French, no sideways scroll at 320 px, and axe-core with no serious or critical violation.
// Screenshots go to tests/artifacts/browser/widget-*.png.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { after, before, describe, test } from "node:test";
import { callApi, launchBrowser, newPage, screenshot, startDocket } from "./harness.mjs";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const K = "/api/v4/kyb/verifications";
const SIZES = [{ name: "phone", viewport: { width: 390, height: 844 } }, { name: "desktop", viewport: { width: 1440, height: 900 } }];

let docket;
let chromium;
const pageErrors = [];

before(async () => {
  docket = await startDocket({ demo: false });
  chromium = await launchBrowser();
});

after(async () => {
  await callApi(docket.url, "POST", "/_docket/clock/reset").catch(() => {});
  await chromium?.close();
  await docket?.stop();
  assert.deepEqual(pageErrors, [], "the widget threw in the page");
});

/** A small PDF whose text layer says `text`. */
function pdf(text) {
  const content = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n2 0 obj << /Producer (Companies House) >> endobj\n%%EOF\n`);
}

async function newCase() {
  const r = await callApi(docket.url, "POST", K, { external_id: `widget-${Math.random().toString(36).slice(2)}` });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return { id: r.body.id, widget: docket.url + r.body.widget_path, api: "/api/v4/kyb/widget/" + r.body.widget_path.split("/").pop() };
}

const COMPANY = { legal_name: "Brightwater Logistics Ltd", form_type: "Private limited company", entity_type: "corporation", registration_type: "company_number",
  registration_number: "09876543", country: "GB", incorporation_date: "2016-04-12", address: { street: "14 Quay Street", city: "Bristol", postal_code: "BS1 4DJ", country: "GB" } };
const REPRESENTATIVE = { first_name: "Amelia", last_name: "Hart", email: "amelia@brightwater.example", title: "CEO", date_of_birth: "1984-02-03", nationality: "GB" };

/** Fills and submits a case through the widget's routes, as the page would, and waits for the
 * sandbox pipeline to put it in manual review (a director named "Review"). */
async function caseInReview() {
  const c = await newCase();
  const owners = { persons: [{ first_name: "Tom", last_name: "Review", date_of_birth: "1970-05-06", nationality: "GB", roles: ["director", "shareholder"], ownership_percentage: 60 }] };
  for (const [section, body] of [["company", COMPANY], ["representative", REPRESENTATIVE], ["ownership", owners]]) {
    const r = await callApi(docket.url, "PUT", `${c.api}/sections/${section}`, body);
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  for (const kind of ["certificate_of_incorporation", "proof_of_address", "ownership_document"]) {
    const form = new FormData();
    form.append("kind", kind);
    form.append("file", new Blob([pdf("Brightwater Logistics Ltd company number 09876543 14 Quay Street Tom Review")], { type: "application/pdf" }), `${kind}-2019.pdf`);
    const r = await fetch(`${docket.url}${c.api}/documents`, { method: "POST", body: form });
    assert.equal(r.status, 200, await r.text());
  }
  assert.equal((await callApi(docket.url, "POST", `${c.api}/submit`)).status, 200);
  await callApi(docket.url, "POST", "/_docket/clock/advance", { seconds: 30 });
  for (let i = 0; i < 80; i++) {
    const status = (await callApi(docket.url, "GET", `${K}/${c.id}`)).body.status;
    if (status === "manual_review") return c;
    assert.notEqual(status, "approved", "the sandbox was expected to ask for a review");
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the case did not reach manual review");
}

async function open(url, options = {}) {
  const session = await newPage(chromium.browser, { bypassCSP: true, ...options });
  session.page.on("pageerror", (e) => pageErrors.push(e.message));
  await session.page.goto(url);
  await session.page.locator("#panel h2").waitFor();
  return session;
}

async function violations(page, where) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  }, TAGS);
  return found.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${where}: ${v.id} ${v.help}: ${v.targets.join(" | ")}`);
}

const heading = (page) => page.locator("#panel h2").innerText();
/** The error shown beside the field labelled `label` (the element its `aria-describedby` names). */
async function errorOf(page, label) {
  const id = await page.getByLabel(label).first().getAttribute("id");
  return page.locator(`#${id}-err`);
}
async function noSidewaysScroll(page, where) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `${where}: the page scrolls sideways (${scroll} > ${client})`);
}
async function chooseCountry(page, label, typed, name) {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await box.fill(typed);
  await page.getByRole("option", { name, exact: true }).first().click();
  assert.equal(await box.inputValue(), name);
}
async function date(page, legend, day, month, year) {
  const group = page.getByRole("group", { name: legend });
  await group.getByLabel("Day").fill(day);
  await group.getByLabel("Month").selectOption(month);
  await group.getByLabel("Year").fill(year);
}
async function draftSaved(page) {
  await page.locator("#saved", { hasText: "Draft saved" }).waitFor();
}

describe("the KYB widget", () => {
  for (const size of SIZES) {
    test(`every section through the page, an error per field, reload returns to the step (${size.name})`, async () => {
      const c = await newCase();
      const { page } = await open(c.widget, { viewport: size.viewport });
      const problems = [];
      assert.match(await page.title(), /^Company verification · \S/, "the title names the business asking");
      assert.match(await heading(page), /Step 1 of 5\s*Company/);
      problems.push(...(await violations(page, "company")));

      // Continue with nothing filled: the required fields are marked in words, the first focused.
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("Saved as a draft, but not complete yet.").waitFor();
      assert.equal(await (await errorOf(page, "Legal name")).innerText(), "Legal name is required.");
      assert.equal(await page.evaluate(() => document.activeElement.id), "f-company-legal-name");
      const needed = await page.locator("#messages").innerText();
      assert.match(needed, /Still needed: Legal name, Legal form, .*Street, City, Postal code/);
      assert.doesNotMatch(needed, /address\.|company\.|_/, "no keys");
      await screenshot(page, `widget-company-errors-${size.name}`);

      await page.getByLabel("Legal name").fill("Brightwater Logistics Ltd");
      await page.getByLabel("Legal form").fill("Private limited company");
      await page.getByLabel("Type of business").selectOption("corporation");
      await page.getByLabel("Registration type").selectOption("company_number");
      await page.getByLabel("Registration number").fill("09876543");
      // A country not on the list is named beside its field; "UK" and "GBR" find the United Kingdom.
      await page.getByRole("combobox", { name: "Country of registration" }).fill("Narnia");
      await date(page, "Date of incorporation", "31", "February", "2016");
      await page.getByLabel("Street").fill("14 Quay Street with a very long name that keeps going on and on");
      await page.getByLabel("City").fill("Bristol");
      await page.getByLabel("Postal code").fill("BS1 4DJ");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.locator(".err", { hasText: "choose a country from the list" }).waitFor();
      assert.equal(await (await errorOf(page, "Country of registration")).innerText(), "Country of registration: choose a country from the list.");
      assert.match(await page.getByRole("group", { name: "Date of incorporation" }).locator(".err").innerText(), /Date of incorporation: enter a date/);
      await chooseCountry(page, "Country of registration", "UK", "United Kingdom");
      await chooseCountry(page, "Country", "GBR", "United Kingdom");
      await date(page, "Date of incorporation", "12", "April", "2016");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.locator("#panel h2", { hasText: "Representative" }).waitFor();
      assert.match(await heading(page), /Step 2 of 5\s*Representative/);
      assert.equal(await page.evaluate(() => document.activeElement.tagName), "H2", "focus moves to the new step");
      assert.equal(await page.locator("nav li.completed").count(), 1);

      // Typing is saved as a draft; a reload comes back to this step with it.
      await page.getByLabel("First name").fill("Amelia");
      await page.getByLabel("Last name").fill("Hart");
      await draftSaved(page);
      await page.reload();
      await page.locator("#panel h2").waitFor();
      assert.match(await heading(page), /Representative/);
      assert.equal(await page.getByLabel("First name").inputValue(), "Amelia");
      await page.getByLabel("E-mail").fill("amelia@");
      await page.getByLabel("Phone (optional)").fill("call me");
      await page.getByLabel("Position").fill("CEO");
      await chooseCountry(page, "Nationality", "germ", "Germany");
      await date(page, "Date of birth", "3", "February", "1984");
      await page.getByRole("button", { name: "Continue" }).click();
      // The server's errors, both at once, in words beside their fields; the first is focused.
      await page.locator(".err", { hasText: "enter an e-mail address" }).waitFor();
      assert.match(await (await errorOf(page, "E-mail")).innerText(), /^E-mail: enter an e-mail address/);
      assert.match(await (await errorOf(page, "Phone (optional)")).innerText(), /enter a phone number/);
      assert.equal(await page.evaluate(() => document.activeElement.id), "f-representative-email");
      assert.match(await page.locator("#alerts").innerText(), /Please correct the marked fields: 2/);
      problems.push(...(await violations(page, "representative with errors")));
      await screenshot(page, `widget-representative-errors-${size.name}`);
      await page.getByLabel("E-mail").fill("amelia@brightwater.example");
      await page.getByLabel("Phone (optional)").fill("+44 117 496 0000");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.locator("#panel h2", { hasText: "Ownership" }).waitFor();

      // The representative is an owner in one step; another person is "Person 2".
      await page.getByRole("button", { name: "Amelia Hart is also a director or owner" }).click();
      const rep = page.getByRole("group", { name: "Amelia Hart (the representative)" });
      await rep.getByLabel("Director").check();
      await rep.getByLabel("Share of ownership (%)").fill("60");
      await page.getByRole("button", { name: "Add a person" }).click();
      const second = page.getByRole("group", { name: "Person 2" });
      await second.getByLabel("First name").fill("Ann");
      await second.getByLabel("Last name").fill("Small");
      await second.getByLabel("Shareholder").check();
      await second.getByLabel("Share of ownership (%)").fill("150");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.locator(".err", { hasText: "percentage from 0 to 100" }).waitFor();
      assert.equal(await second.locator(".err", { hasText: "percentage" }).innerText(), "Share of ownership (%): enter a percentage from 0 to 100.");
      await second.getByLabel("Share of ownership (%)").fill("10");
      problems.push(...(await violations(page, "ownership")));
      await screenshot(page, `widget-ownership-${size.name}`);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.locator("#panel h2", { hasText: "Documents" }).waitFor();

      // A text file is refused in plain words; then each document, and Continue after the last.
      const certificate = page.getByLabel("Choose a file").first();
      await certificate.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("name,amount\n") });
      await page.locator("#alerts", { hasText: "This file is a text file. Upload a PDF, JPEG, PNG or WebP file." }).waitFor();
      const longName = "certificate-of-incorporation-brightwater-logistics-limited-companies-house-extract-2016-04-12.pdf";
      for (const [kind, name] of [["certificate_of_incorporation", longName], ["proof_of_address", "bill.pdf"], ["ownership_document", "register.pdf"]]) {
        await page.locator(`#file-${kind}`).setInputFiles({ name, mimeType: "application/pdf", buffer: pdf("Brightwater Logistics Ltd 09876543 14 Quay Street") });
        await page.locator(`[data-kind=${kind}] .doc a`, { hasText: name }).waitFor();
        assert.equal(await page.evaluate(() => document.activeElement.textContent), name, "focus on the file just uploaded");
      }
      await noSidewaysScroll(page, "documents");
      problems.push(...(await violations(page, "documents")));
      await screenshot(page, `widget-documents-${size.name}`);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.locator("#panel h2", { hasText: "Review and submit" }).waitFor();
      assert.equal(await page.locator("nav li.completed").count(), 4);
      await page.getByRole("button", { name: "Submit for verification" }).click();
      await page.locator("[data-testid=outcome]", { hasText: "Submitted." }).waitFor();
      assert.doesNotMatch(await page.locator("#panel").innerText(), /Check what you entered/);
      assert.equal(await page.locator("nav li.completed").count(), 5);
      await screenshot(page, `widget-submitted-${size.name}`);

      // One human, one person: the representative with both roles.
      const persons = (await callApi(docket.url, "GET", `${K}/${c.id}`)).body.persons;
      assert.deepEqual(persons.map((p) => p.full_name), ["Amelia Hart", "Ann Small"]);
      assert.deepEqual(persons[0].roles, ["representative", "director", "shareholder", "ultimate_beneficial_owner"]);
      assert.deepEqual(problems, [], problems.join("\n"));
    });
  }

  test("remediation of two sections: each status follows the fix, the outdated document is replaced", async () => {
    const c = await caseInReview();
    const ask = { items: [{ section: "company", message: "The registration number has a typo." },
      { document_kind: "proof_of_address", message: "Upload a bill from the last three months." }] };
    assert.equal((await callApi(docket.url, "POST", `${K}/${c.id}/remediations`, ask)).status, 200);
    for (const size of SIZES) {
      const { page, context } = await open(c.widget, { viewport: size.viewport });
      if (size.name === "phone") {
        assert.match(await page.locator("[data-testid=outcome]").innerText(), /asks you to fix 2 item/);
        assert.equal(await page.locator("nav li.action_required").count(), 2);
        assert.equal(await page.locator("nav li.review.completed, nav li:last-child.completed").count(), 0, "no ✓ on the review beside a `!`");
        assert.match(await heading(page), /Company/);
        assert.match(await page.locator("#requests").innerText(), /Please fix:\s*The registration number has a typo/);
        await page.getByLabel("Registration number").fill("09876544");
        await draftSaved(page);
        await page.locator("nav li.action_required").first().waitFor();
        assert.equal(await page.locator("nav li.action_required").count(), 1, "the fixed company lost its `!`");
        assert.match(await page.locator("#requests").innerText(), /Changed\. It will be sent when you resubmit/);
        await screenshot(page, `widget-remediation-fixed-${size.name}`);
        await page.getByRole("button", { name: "Continue" }).click();
        await page.locator("#panel h2", { hasText: "Representative" }).waitFor();
        await page.getByRole("button", { name: /Documents/ }).click();
        const old = page.locator("[data-kind=proof_of_address] .doc").first();
        assert.match(await old.innerText(), /Outdated: please upload a new one/);
        await page.locator("#file-proof_of_address").setInputFiles({ name: "bill-november.pdf", mimeType: "application/pdf", buffer: pdf("14 Quay Street") });
        await page.locator("[data-kind=proof_of_address] .doc a", { hasText: "bill-november.pdf" }).waitFor();
        assert.match(await page.locator("[data-kind=proof_of_address] .doc.replaced").innerText(), /Replaced by a newer file/);
        assert.equal(await page.locator("nav li.action_required").count(), 0);
        problems(await violations(page, "remediation documents"));
        await screenshot(page, `widget-remediation-documents-${size.name}`);
        await page.getByRole("button", { name: "Continue" }).click();
        assert.match(await page.locator("[data-testid=outcome]").innerText(), /Everything asked was changed/);
        await page.getByRole("button", { name: "Resubmit" }).click();
        await page.locator("[data-testid=outcome]", { hasText: "Submitted." }).waitFor();
      } else {
        // After the resubmission, on the other screen: submitted, nothing left to fix.
        assert.match(await page.locator("[data-testid=outcome]").innerText(), /Submitted\./);
        assert.equal(await page.locator("nav li.action_required").count(), 0);
        await screenshot(page, `widget-resubmitted-${size.name}`);
      }
      await context.close();
    }
  });

  test("a rejection: the merchant reads the outcome and the reviewers' message, in English and German", async () => {
    const c = await caseInReview();
    const reviewer = await chromium.browser.newContext();
    const console_ = await reviewer.newPage();
    await console_.goto(await docket.newLoginLink());
    const headers = { "X-Docket-Environment": "sandbox" };
    assert.equal((await reviewer.request.post(`${docket.url}${K}/${c.id}/claim`, { headers })).status(), 200);
    const message = "We cannot open an account for your business at this time.";
    const decided = await reviewer.request.post(`${docket.url}${K}/${c.id}/decision`, { headers,
      data: { decision: "reject", reasons: ["adverse_media"], note: "INTERNAL: registry mismatch", merchant_message: message } });
    assert.equal(decided.status(), 200, await decided.text());
    await reviewer.close();
    for (const size of SIZES) {
      const { page, context } = await open(c.widget, { viewport: size.viewport });
      const outcome = await page.locator("[data-testid=outcome]").innerText();
      assert.match(outcome, /could not verify your business/);
      assert.ok(outcome.includes(message), outcome);
      const text = await page.locator("body").innerText();
      assert.doesNotMatch(text, /being verified|Nothing more is needed|INTERNAL/);
      assert.deepEqual(await violations(page, `rejected ${size.name}`), []);
      await screenshot(page, `widget-rejected-${size.name}`);
      await context.close();
    }
    const { page, context } = await open(c.widget, { viewport: SIZES[0].viewport, locale: "de-DE" });
    assert.equal(await page.evaluate(() => document.documentElement.lang), "de");
    assert.match(await page.locator("[data-testid=outcome]").innerText(), /konnte Ihr Unternehmen nicht bestätigen/);
    await screenshot(page, "widget-rejected-de-phone");
    await context.close();
  });

  test("German from the browser, French from the switcher: steps, fields, countries and errors in the language", async () => {
    const c = await newCase();
    const { page, context } = await open(c.widget, { viewport: SIZES[0].viewport, locale: "de-DE" });
    assert.match(await heading(page), /Schritt 1 von 5\s*Unternehmen/);
    assert.match(await page.title(), /^Unternehmensprüfung · /);
    await chooseCountry(page, "Land der Eintragung", "GBR", "Vereinigtes Königreich");
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.locator("#messages", { hasText: "Noch erforderlich" }).waitFor();
    assert.equal(await (await errorOf(page, "Firmenname")).innerText(), "Firmenname ist ein Pflichtfeld.");
    assert.match(await page.locator("#messages").innerText(), /Noch erforderlich: Firmenname/);
    assert.deepEqual(await violations(page, "de"), []);
    await screenshot(page, "widget-de-phone");
    await page.getByLabel("Sprache").selectOption("fr");
    await page.waitForURL(/lang=fr/);
    await page.locator("#panel h2").waitFor();
    assert.match(await heading(page), /Étape 1 sur 5\s*Entreprise/);
    assert.equal(await page.getByRole("combobox", { name: "Pays d'immatriculation" }).inputValue(), "Royaume-Uni", "the country chosen was saved and is named in French");
    await screenshot(page, "widget-fr-phone");
    await context.close();
  });

  test("nothing scrolls sideways at 320 px", async () => {
    const c = await caseInReview();
    const { page, context } = await open(c.widget, { viewport: { width: 320, height: 640 } });
    for (const step of ["Company", "Representative", "Ownership and control", "Documents", "Review and submit"]) {
      await page.locator("nav button", { hasText: step }).click();
      await page.locator("#panel h2", { hasText: step }).waitFor();
      await noSidewaysScroll(page, step);
    }
    await context.close();
  });
});

function problems(found) {
  assert.deepEqual(found, [], found.join("\n"));
}
