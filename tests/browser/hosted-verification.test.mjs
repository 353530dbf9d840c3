// The hosted verification page (/v/{short_id}, /vp/{link_id}) as the person uses it, in Chromium
// against a real `docket serve --demo`, at 390 x 844 (in German) and 1440 x 900 (in English):
// every identity document type with every face setting of the profiles (the demo's included)
// walked to the finish screen, every sandbox magic file name with its outcome, required fields
// with every error at once, the country list searched by name and code, replace and remove,
// reload, the business's look and redirect, expired and canceled links, no sideways scroll at
// 320 px, and axe-core at no serious or critical violation. Screenshots go to
// tests/artifacts/browser/hosted-*.png.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { after, before, describe, test } from "node:test";
import { crc32, deflateSync } from "node:zlib";
import { callApi, launchBrowser, newPage, screenshot, startDocket } from "./harness.mjs";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 }, lang: "de" },
  { name: "desktop", viewport: { width: 1440, height: 900 }, lang: "en" },
];
const POI = ["passport", "id_card", "driver_license", "residence_permit"];
/** The face settings of the profiles: a selfie, a liveness photo, either (the demo's: both checks). */
const FACES = [["selfie"], ["liveness_photo"], ["selfie", "liveness_photo"]];

let docket;
let chromium;
let seed = 1;

before(async () => {
  docket = await startDocket();
  chromium = await launchBrowser();
});

after(async () => {
  await chromium?.close();
  await docket?.stop();
});

/** A PNG of grey blocks, different for each call (so no two uploads look like the same picture). */
function png() {
  let state = seed++ * 7919;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) % 256;
  const blocks = Array.from({ length: 8 }, () => Array.from({ length: 9 }, next));
  const [w, h] = [256, 160];
  const rows = Buffer.alloc((w + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows[y * (w + 1) + 1 + x] = blocks[Math.floor(y / 25)][Math.floor(x / 32)];
  const chunk = (type, data) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

async function profile(settings, name = "hosted") {
  const r = await callApi(docket.url, "POST", "/api/v3/profiles", { name: `${name} ${seed++}`, settings });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.id;
}

async function verification(profileId, extra = {}) {
  const r = await callApi(docket.url, "POST", "/api/v3/verifications", { profile_id: profileId, ...extra });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

async function person(size, options = {}) {
  return newPage(chromium.browser, { viewport: size.viewport, extraHTTPHeaders: { "Accept-Language": size.lang }, bypassCSP: true, ...options });
}

/** axe's serious and critical violations on the page as it is now. */
async function violations(page, where) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  }, TAGS);
  return found.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${where}: ${v.id} ${v.help}: ${v.targets.join(" | ")}`);
}

async function noSidewaysScroll(page, where) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `${where}: the page scrolls sideways (${scroll} > ${width})`);
}

/** Chooses the document's country by typing `typed` into the searchable list. */
async function chooseCountry(page, typed) {
  const input = page.locator("#country");
  await input.fill(typed);
  await page.locator("#country-list [role=option]").first().click();
  await page.locator("form button[type=submit]").click();
}

/** A disabled Submit always says what is missing; an enabled one has nothing left. */
async function submitAgreesWithStillNeeded(page) {
  const submit = page.locator(".actions .primary");
  const missing = await page.locator("#missing li").count();
  assert.equal(await submit.isDisabled(), missing > 0, "Submit is disabled exactly when something is listed as still needed");
}

/**
 * Uploads what each requirement of the documents step asks for, one file at a time (the identity
 * document as `poi`, files named by `names`), checking after each that the type picker keeps its
 * type and that Submit agrees with "Still needed"; then submits.
 */
async function uploadAll(page, poi, names = {}) {
  await page.locator("[data-need]").first().waitFor();
  for (let step = 0; step < 12; step++) {
    await submitAgreesWithStillNeeded(page);
    const type = page.locator("#need-identity-type");
    if ((await type.count()) && (await type.inputValue()) !== poi) await type.selectOption(poi);
    const next = page.locator(".upload:not(.done) input[type=file]").first();
    if (!(await next.count())) break;
    const need = await next.evaluate((n) => n.closest("[data-need]").dataset.need);
    const slot = await next.evaluate((n) => n.closest("[data-upload]").dataset.upload);
    const done = await page.locator(".upload.done").count();
    await next.setInputFiles({ name: names[need] ?? `${slot}.png`, mimeType: "image/png", buffer: png() });
    await page.waitForFunction((n) => document.querySelectorAll(".upload.done").length > n, done);
    if (need === "identity" && (await type.count())) assert.equal(await type.inputValue(), poi, "the type picker keeps the chosen type");
  }
  await submitAgreesWithStillNeeded(page);
  assert.equal(await page.locator("#missing li").count(), 0, "nothing is still needed");
  await page.locator(".actions .primary").click();
}

/** Walks a verification from its country to the finish screen. */
async function walk(page, short, { poi, country = "DE", names = {} }) {
  await page.goto(`${docket.url}/v/${short}`);
  await page.locator("#country").waitFor();
  await chooseCountry(page, country);
  await uploadAll(page, poi, names);
  await page.locator("h2", { hasText: /Thank you|Vielen Dank|All done/ }).waitFor();
}

async function outcome(short) {
  await callApi(docket.url, "POST", "/_docket/clock/advance", { seconds: 30 });
  for (let i = 0; i < 100; i++) {
    const v = (await callApi(docket.url, "GET", `/api/v3/verifications/short/${short}`)).body;
    if (v.status !== "in_progress" || i === 99) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

for (const size of SIZES) {
  describe(`the hosted verification page on a ${size.name} (${size.lang})`, () => {
    test("every identity document with every face setting reaches the finish screen", async () => {
      const demo = (await callApi(docket.url, "GET", "/api/v3/profiles?limit=100")).body.data.find((p) => p.name === "EU residents with proof of address");
      assert.ok(demo, "the demo profile");
      const profiles = [demo.profile_id];
      for (const face of FACES) profiles.push(await profile({ face_comparison_allowed_documents: face, poa_required: face.length === 1 }));
      const s = await person(size);
      for (const id of profiles) {
        for (const poi of POI) {
          const v = await verification(id);
          await walk(s.page, v.verification_url_id, { poi });
          const sent = (await callApi(docket.url, "GET", `/api/v3/verifications/${v.id}`)).body;
          assert.equal(sent.status, "in_progress", `${poi}: proceeded`);
          assert.equal(sent.document_type, poi);
        }
      }
      await screenshot(s.page, `hosted-${size.name}-finish`);
      assert.deepEqual(s.errors, [], "the page threw");
      await s.context.close();
    });

    test("an identity card's back is asked for, named, and kept across a reload; replace and remove", async () => {
      const v = await verification(await profile({ face_comparison_allowed_documents: ["selfie", "liveness_photo"] }));
      const s = await person(size);
      const p = s.page;
      await p.goto(`${docket.url}/v/${v.verification_url_id}`);
      await p.locator("#country").waitFor();
      assert.deepEqual(await violations(p, "country"), []);
      await screenshot(p, `hosted-${size.name}-country`);
      await chooseCountry(p, "GBR");
      await p.locator("#need-identity-type").selectOption("id_card");
      const long = "a-very-long-file-name-from-a-phone-camera-IMG_20261127_141516_000123456789-front-side.png";
      await p.locator('[data-upload="id_card_front"] input[type=file]').setInputFiles({ name: long, mimeType: "image/png", buffer: png() });
      await p.locator('.upload.done[data-upload="id_card_front"]').waitFor();
      assert.equal(await p.locator("#need-identity-type").inputValue(), "id_card", "the type stays Identity card");
      const back = size.lang === "de" ? "Personalausweis: Rückseite" : "Identity card: Back";
      await p.locator("#missing li", { hasText: back }).waitFor();
      assert.equal(await p.evaluate(() => document.activeElement.closest("[data-upload]")?.dataset.upload), "id_card_back", "focus moves to the back");
      await p.locator('.upload.done[data-upload="id_card_front"] img').waitFor();
      assert.ok((await p.locator('.upload.done[data-upload="id_card_front"]').innerText()).includes("a-very-long"), "the file name is shown");
      assert.deepEqual(await violations(p, "documents"), []);
      await screenshot(p, `hosted-${size.name}-card-front`);

      await p.reload();
      await p.locator('.upload.done[data-upload="id_card_front"]').waitFor();
      assert.equal(await p.locator("#need-identity-type").inputValue(), "id_card", "reloaded where the person was");
      await p.locator("#missing li", { hasText: back }).waitFor();

      // Replace the front, then remove it: the back and the front are needed again.
      const before = await p.locator('.upload.done[data-upload="id_card_front"]').innerText();
      await p.locator('.upload.done[data-upload="id_card_front"] input[type=file]').setInputFiles({ name: "front-again.png", mimeType: "image/png", buffer: png() });
      await p.locator('.upload.done[data-upload="id_card_front"]', { hasText: "front-again.png" }).waitFor();
      assert.notEqual(before, await p.locator('.upload.done[data-upload="id_card_front"]').innerText());
      const docs = (await callApi(docket.url, "GET", `/api/v3/verifications/${v.id}`)).body.documents;
      assert.equal(docs.length, 1, "the replaced file is gone");
      await p.locator('.upload.done[data-upload="id_card_front"] button').click();
      await p.locator('.upload:not(.done)[data-upload="id_card_front"]').waitFor();
      assert.equal((await callApi(docket.url, "GET", `/api/v3/verifications/${v.id}`)).body.documents.length, 0);

      // The liveness photo is explained, and it also stands for the face.
      const live = await p.locator('[data-need="liveness"]').innerText();
      assert.match(live, size.lang === "de" ? /Live-Foto ist ein neues Foto/ : /liveness photo is a new photo of your face/);
      assert.equal(await p.locator('[data-need="face"]').count(), 0, "one photo of the face, not two");
      await uploadAll(p, "id_card");
      await p.locator("h2", { hasText: size.lang === "de" ? "Vielen Dank" : "Thank you" }).waitFor();
      assert.equal((await outcome(v.verification_url_id)).status, "verified");
      assert.deepEqual(s.errors, []);
      await s.context.close();
    });

    test("every sandbox magic file name gives its outcome after the finish screen", async () => {
      const id = await profile({ face_comparison_allowed_documents: ["selfie", "liveness_photo"], poa_required: true });
      const magic = [
        [{ identity: "passport-expired.png" }, { document_mrz: 3001, document_ocr: 3001 }],
        [{ identity: "passport-tampered.png" }, { document_ocr: 500 }],
        [{ identity: "passport-unreadable.png" }, { document_mrz: 1001 }],
        [{ identity: "passport-bad_mrz.png" }, { document_mrz: 2001 }],
        [{ identity: "passport-underage.png" }, { document_ocr: 3201 }],
        [{ face: "selfie-mismatch.png" }, { face_comparison: 4001 }],
        [{ liveness: "live-spoof.png" }, { liveness: 5001 }],
        [{ address: "bill-old.png" }, { poa: 4501 }],
      ];
      // A selfie with its magic word needs a profile that takes a selfie alone (where a liveness
      // photo is asked for too, it would stand for the face).
      const selfieOnly = await profile({ poa_required: true });
      const s = await person(size);
      for (const [names, failing] of magic) {
        const v = await verification(names.face ? selfieOnly : id);
        await walk(s.page, v.verification_url_id, { poi: "passport", names });
        const done = await outcome(v.verification_url_id);
        assert.equal(done.status, "failed", JSON.stringify(names));
        for (const [check, code] of Object.entries(failing)) {
          assert.ok(done.checks[check].errors.some((e) => e.code === code), `${JSON.stringify(names)}: ${check} ${code}`);
        }
      }
      // manual_review leaves the verification to a reviewer, as in production.
      const v = await verification(id);
      await walk(s.page, v.verification_url_id, { poi: "passport", names: { identity: "passport-manual_review.png" } });
      await callApi(docket.url, "POST", "/_docket/clock/advance", { seconds: 30 });
      await new Promise((r) => setTimeout(r, 500));
      assert.equal((await callApi(docket.url, "GET", `/api/v3/verifications/${v.id}`)).body.status, "in_progress");
      assert.deepEqual(s.errors, []);
      await s.context.close();
    });

    test("required fields: every error at once, next to its field, in the page's language", async () => {
      const id = await profile({ manual_field_settings: { enabled: true, full_name: { enabled: true }, email: { enabled: true },
        phone: { enabled: true, optional: true }, dob: { enabled: true }, citizenship: { enabled: true } } });
      const v = await verification(id);
      const s = await person(size);
      const p = s.page;
      await p.goto(`${docket.url}/v/${v.verification_url_id}`);
      await chooseCountry(p, size.lang === "de" ? "Deutschland" : "Germany");
      await p.locator("#f-full_name").waitFor();
      assert.match(await p.locator("h2").innerText(), size.lang === "de" ? /Schritt 2 von 3/ : /Step 2 of 3/);
      assert.equal(await p.locator("#f-full_name").getAttribute("required"), "", "required fields are marked");
      await p.locator("#f-email").fill("not-an-address");
      await p.locator("#f-phone").fill("call me");
      await p.locator("form button[type=submit]").click();
      const errors = await p.locator(".field-error:not([hidden])").allInnerTexts();
      assert.equal(errors.length, 5, `every error at once: ${errors}`);
      const words = size.lang === "de" ? ["Vollständiger Name ist ein Pflichtfeld.", "E-Mail-Adresse: Geben Sie", "Telefonnummer:"] : ["Full name is required.", "E-mail address: enter an e-mail", "Phone number: enter a phone number"];
      for (const w of words) assert.ok(errors.some((e) => e.includes(w)), `${w} in ${errors}`);
      assert.equal(await p.evaluate(() => document.activeElement.id), "f-full_name", "focus on the first field to fix");
      assert.equal(await p.locator("#f-email").getAttribute("aria-invalid"), "true");
      assert.match(await p.locator("#f-email").getAttribute("aria-describedby"), /err-email/);
      assert.equal(await p.locator("[role=alert]").count(), 1, "one message announced");
      assert.deepEqual(await violations(p, "fields with errors"), []);
      await screenshot(p, `hosted-${size.name}-field-errors`);

      // Nationality by name, ISO code or "UK".
      for (const typed of ["UK", "GBR", size.lang === "de" ? "Vereinigtes" : "United Kingdom"]) {
        await p.locator("#f-citizenship").fill(typed);
        const first = p.locator("#f-citizenship-list [role=option]").first();
        assert.match(await first.innerText(), size.lang === "de" ? /Vereinigtes Königreich/ : /United Kingdom/, typed);
      }
      await p.locator("#f-citizenship").press("Enter");
      await p.locator("#f-full_name").fill("Ana Silva");
      await p.locator("#f-email").fill("ana@example.com");
      await p.locator("#f-phone").fill("");
      // The date in the page's language: its order and its month names, whatever the browser's.
      const order = await p.locator(".date > *").evaluateAll((c) => c.map((n) => n.id.replace("f-dob-", "")));
      assert.deepEqual(order, size.lang === "de" ? ["day", "month", "year"] : ["month", "day", "year"]);
      assert.ok((await p.locator("#f-dob-month option").allInnerTexts()).includes(size.lang === "de" ? "Februar" : "February"));
      await p.locator("#f-dob-day").fill("31");
      await p.locator("#f-dob-month").selectOption("2");
      await p.locator("#f-dob-year").fill("1990");
      await p.locator("form button[type=submit]").click();
      await p.locator("#err-dob:not([hidden])").waitFor();
      await p.locator("#f-dob-day").fill("3");
      await p.locator("form button[type=submit]").click();
      await p.locator("[data-need]").first().waitFor();
      const sent = (await callApi(docket.url, "GET", `/api/v3/verifications/${v.id}`)).body.manual_fields;
      assert.equal(sent.citizenship, "GB");
      assert.equal(sent.email, "ana@example.com");
      assert.equal(sent.dob, "1990-02-03");
      await uploadAll(p, "passport");
      await p.locator("h2", { hasText: /Thank you|Vielen Dank/ }).waitFor();
      assert.deepEqual(await violations(p, "finish"), []);
      assert.deepEqual(s.errors, []);
      await s.context.close();
    });

    test("expired and canceled links say so", async () => {
      const s = await person(size);
      const canceled = await verification(await profile({}));
      await callApi(docket.url, "POST", `/api/v3/verifications/${canceled.id}/cancel`);
      await s.page.goto(`${docket.url}/v/${canceled.verification_url_id}`);
      await s.page.locator("h2", { hasText: size.lang === "de" ? "Diese Prüfung wurde abgebrochen" : "This verification was canceled" }).waitFor();
      assert.deepEqual(await violations(s.page, "canceled"), []);
      await screenshot(s.page, `hosted-${size.name}-canceled`);

      const expiring = await verification(await profile({}), { expiration_minutes: 1 });
      await callApi(docket.url, "POST", "/_docket/clock/advance", { seconds: 120 });
      for (let i = 0; i < 100; i++) {
        if ((await callApi(docket.url, "GET", `/api/v3/verifications/${expiring.id}`)).body.status === "expired") break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await s.page.goto(`${docket.url}/v/${expiring.verification_url_id}`);
      await s.page.locator("h2", { hasText: size.lang === "de" ? "Diese Prüfung ist abgelaufen" : "This verification has expired" }).waitFor();
      await screenshot(s.page, `hosted-${size.name}-expired`);
      await s.page.goto(`${docket.url}/v/VNOSUCHSHORTID00`);
      await s.page.locator("h2", { hasText: size.lang === "de" ? "Diese Seite kann nicht angezeigt werden" : "This page cannot be shown" }).waitFor();
      assert.deepEqual(s.errors, []);
      await s.context.close();
    });
  });
}

describe("the page in its language, under the business's name", () => {
  test("a public link in English, switched to Portuguese; the business's look; redirect followed", async () => {
    const logo = `data:image/png;base64,${png().toString("base64")}`;
    const id = await profile({
      ui_settings: { company_name: "Acme Bank", logo_url: logo, primary_color: "#7a1f5c", font: "serif", background_color: "url(x)" },
      finish_screen_settings: { enabled: true, settings: { title: "All done", redirect_link: `${docket.url}/docs` } },
    });
    const link = await callApi(docket.url, "POST", `/api/v3/profiles/${id}/link`, { expiration_in_minutes: 60 });
    const s = await person(SIZES[1]);
    const p = s.page;
    await p.goto(`${docket.url}/vp/${link.body.link_id}`);
    await p.getByRole("button", { name: "Start verification" }).waitFor();
    assert.equal(await p.title(), "Acme Bank · Identity verification");
    assert.equal(await p.locator("header img").getAttribute("alt"), "Acme Bank");
    assert.equal(await p.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--accent").trim()), "#7a1f5c");
    assert.equal(await p.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--bg").trim()), "#f6f7fa", "a bad colour is left out");
    assert.match(await p.evaluate(() => getComputedStyle(document.body).fontFamily), /Georgia/);
    assert.deepEqual(await violations(p, "link"), []);
    await screenshot(p, "hosted-branded-link");

    await p.locator("#lang").selectOption("pt");
    await p.getByRole("button", { name: "Iniciar a verificação" }).waitFor();
    assert.equal(await p.getAttribute("html", "lang"), "pt");
    await p.getByRole("button", { name: "Iniciar a verificação" }).click();
    await p.locator("#country").waitFor();
    assert.ok(new URL(p.url()).searchParams.get("lang") === "pt", "the language stays with the verification's address");
    await p.locator("#country").fill("alem");
    assert.match(await p.locator("#country-list [role=option]").first().innerText(), /Alemanha/);
    await p.locator("#country").press("Enter");
    await p.locator("form button[type=submit]").click();
    await uploadAll(p, "passport");
    await p.locator("h2", { hasText: "All done" }).waitFor();
    const finish = p.locator(".actions a.primary");
    assert.equal(await finish.evaluate((a) => getComputedStyle(a).backgroundColor), "rgb(122, 31, 92)", "the finish button is styled");
    await screenshot(p, "hosted-branded-finish");
    await p.waitForURL(`${docket.url}/docs`, { timeout: 10_000 });
    assert.deepEqual(s.errors, []);
    await s.context.close();
  });

  test("at 320 px nothing scrolls sideways, even a long file name", async () => {
    const v = await verification(await profile({ poa_required: true }));
    const s = await person({ viewport: { width: 320, height: 640 }, lang: "en" });
    const p = s.page;
    await p.goto(`${docket.url}/v/${v.verification_url_id}`);
    await p.locator("#country").waitFor();
    await noSidewaysScroll(p, "country");
    await chooseCountry(p, "Germany");
    await p.locator("[data-need]").first().waitFor();
    const name = "Screenshot_2026-11-27-14-15-16-123_com.example.camera.application.with.a.long.name.png";
    await p.locator('[data-upload="passport"] input[type=file]').setInputFiles({ name, mimeType: "image/png", buffer: png() });
    await p.locator('.upload.done[data-upload="passport"]').waitFor();
    await noSidewaysScroll(p, "documents");
    await screenshot(p, "hosted-320-documents");
    assert.deepEqual(await violations(p, "320 documents"), []);
    await s.context.close();
  });
});
