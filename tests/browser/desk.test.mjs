// The reviewer's desk end to end in Chromium against a real `docket serve --demo`: the owner adds
// reviewers and sets four eyes, a reviewer takes the next case by keyboard, reads the evidence and
// rejects it, a senior confirms, a third reviewer is refused a case that is not theirs, and the
// audit trail's export verifies (and a tampered copy does not).
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { callApi, launchBrowser, newPage, runDocket, screenshot, startDocket, unnamedControls, whoAmI } from "./harness.mjs";

let docket;
let chromium;
const sessions = []; // every page opened, for the errors check at the end
let owner; // the owner's page (the login link `docket serve` prints: an admin)
let ada; // reviewer A, added through the console
let bea; // senior B, added with `docket reviewers add`
let cy; // reviewer C, added with `docket reviewers add`
let rejected; // the case A rejected: { id, public_id }
let taken; // the second case A took: { id }
const ADA = "Ada Reviewer";
const BEA = "Bea Senior";
const CY = "Cy Reviewer";

async function signIn(link) {
  const s = await newPage(chromium.browser);
  sessions.push(s);
  await s.page.goto(link);
  await s.page.getByTestId("reviewer-chip").waitFor();
  return s;
}

before(async () => {
  docket = await startDocket();
  chromium = await launchBrowser();
  // The demo KYB cases are added in the background after the server answers, their history
  // played forward on the sandbox clock: wait until it runs in real time again.
  for (let i = 0; i < 240; i++) {
    const waiting = await callApi(docket.url, "GET", "/api/v4/kyb/verifications?stage=manual_review,failed&limit=25");
    const clock = await callApi(docket.url, "GET", "/_docket/clock");
    if (waiting.status === 200 && waiting.body.data.length >= 3 && clock.body?.mode === "real") break;
    await new Promise((r) => setTimeout(r, 250));
  }
  owner = await signIn(docket.login);
});

after(async () => {
  for (const s of sessions) assert.deepEqual(s.errors, [], "the console threw in a page");
  await chromium?.close();
  await docket?.stop();
});

/** `read()` once `done` holds of it (the page catching up with the server), or its last value
 * after five seconds, for the assertion to report. */
async function settled(read, done) {
  let value = await read();
  for (let i = 0; i < 50 && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/** Screenshots of the view at 1440x900 and at 1024x700 (`<name>-1440.png`, `<name>-1024.png`);
 * the page is left at the harness's 1280x800. */
async function atBothSizes(page, name) {
  for (const [width, height] of [[1440, 900], [1024, 700]]) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Posts from inside a signed-in page, as the console does: the answer's status and body. */
function consoleCall(page, method, path, body) {
  return page.evaluate(
    async ([m, p, b]) => {
      const response = await fetch(p, { method: m, headers: { "X-Docket-Environment": "sandbox", "Content-Type": "application/json" }, body: b === null ? undefined : JSON.stringify(b) });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    [method, path, body ?? null],
  );
}

describe("reviewers and the desk's settings", () => {
  test("the owner is signed in as an admin; adds a reviewer in the console, the link shown once", async () => {
    const p = owner.page;
    const me = await whoAmI(p);
    assert.equal(me.role, "admin");
    assert.equal(me.owner, true);
    await p.getByTestId("reviewer-chip").getByText(me.name).waitFor();
    await p.getByTestId("reviewer-role").getByText("Admin").waitFor();

    await p.getByTestId("nav-reviewers").click();
    await p.getByTestId("reviewers-table").waitFor();
    await p.getByTestId("add-reviewer").click();
    await p.getByTestId("reviewer-new-name").fill(ADA);
    await p.getByTestId("reviewer-new-role").selectOption("reviewer");
    await p.getByTestId("reviewer-create").click();
    const link = (await p.getByTestId("login-link").textContent()).trim();
    assert.match(link, /^http:\/\/.+\/_docket\/console\/login\?token=/);
    await p.getByTestId("copy-login-link").waitFor();
    await p.getByTestId("link-done").click();
    await p.getByTestId("reviewer-row").filter({ hasText: ADA }).waitFor();

    ada = await signIn(link);
    bea = await signIn(await docket.addReviewer(BEA, "senior"));
    cy = await signIn(await docket.addReviewer(CY, "reviewer"));
    await ada.page.getByTestId("reviewer-chip").getByText(ADA).waitFor();
    await bea.page.getByTestId("reviewer-role").getByText("Senior reviewer").waitFor();
    await cy.page.getByTestId("reviewer-chip").getByText(CY).waitFor();
  });

  test("the admin sets four eyes on every decision; others see the policy but cannot change it", async () => {
    const p = owner.page;
    await p.getByTestId("nav-reviewers").click();
    await p.getByTestId("four-eyes-all").check();
    await p.getByTestId("settings-save").click();
    await p.getByTestId("toast").filter({ hasText: "Desk settings saved" }).waitFor();
    const settings = await consoleCall(p, "GET", "/_docket/desk/settings");
    assert.equal(settings.body.four_eyes, "all");

    await ada.page.getByTestId("nav-reviewers").click();
    await ada.page.getByTestId("reviewers-table").waitFor();
    await ada.page.getByTestId("four-eyes-all").waitFor();
    assert.equal(await ada.page.getByTestId("add-reviewer").count(), 0, "no admin controls for a reviewer");
    assert.equal(await ada.page.getByTestId("settings-save").count(), 0);
    assert.equal(await ada.page.getByTestId("four-eyes-all").isDisabled(), true);
  });
});

describe("a reviewer's day: hits disposed, remediation of several sections, approval under four eyes", () => {
  /** The demo case of this company, from the queue (its id and public id). */
  async function demoCase(company) {
    const found = await callApi(docket.url, "GET", `/api/v4/kyb/verifications?limit=5&q=${encodeURIComponent(company)}`);
    assert.equal(found.status, 200);
    const row = found.body.data.find((c) => c.company_name === company);
    assert.ok(row, `the demo has ${company}`);
    return row;
  }

  /** Disposes of the potential match of `listed` on the case file open in `p`, waits for the hit to
   * show it (`shown`), and closes the hit again. */
  async function dispose(p, listed, disposition, reason, note, shown) {
    const hit = p.getByTestId("screening-hit").filter({ hasText: listed });
    await hit.getByTestId("explain-hit").click();
    await p.getByTestId("hit-comparison").waitFor();
    const form = p.getByTestId("disposition-form");
    await form.getByTestId(`disposition-${disposition}`).check();
    await form.getByTestId("disposition-reason").selectOption(reason);
    await form.getByTestId("disposition-note").fill(note);
    await atBothSizes(p, `kyb-hit-disposition-${disposition}`);
    await form.getByTestId("disposition-submit").click();
    await hit.getByTestId("hit-disposition").getByText(shown).waitFor();
    await hit.getByTestId("explain-hit").click();
    await p.getByTestId("hit-comparison").waitFor({ state: "detached" });
  }

  test("A disposes of both potential matches on a case, one each way; the flags go, the audit trail has them", async () => {
    const row = await demoCase("Politikova Consulting Ltd");
    const before = await callApi(docket.url, "GET", `/api/v4/kyb/verifications/${row.id}`);
    const hits = before.body.open_flags.filter((f) => f.kind === "undisposed_hit");
    assert.equal(hits.length, 2, "the demo's two potential matches are open");
    assert.equal(new Set(hits.map((f) => f.check_id)).size, 2, "on two persons' screenings");
    const p = ada.page;
    await p.goto(`${docket.url}/kyb/${row.id}`);
    await p.getByTestId("claim").click();
    await p.getByTestId("case-assignee").getByText(ADA).waitFor();
    await p.getByTestId("evidence-aml_person").click();
    await p.getByTestId("screening-hit").nth(1).waitFor(); // each person's hit

    await dispose(p, "Petra Politikova", "false_positive", "date_of_birth_differs", "Listed person born 1961 in Prague.\nOur director born 1988 in Brno.", /False positive/i);
    await dispose(p, "Marie Rousseau", "true_match", "identifier_matches", "Her passport in the register of members' pack is the listed one (E2205250).\nPEP: enhanced due diligence applies.", /True match/i);
    await atBothSizes(p, "kyb-hits-disposed");

    const after = await callApi(docket.url, "GET", `/api/v4/kyb/verifications/${row.id}`);
    assert.ok(!after.body.open_flags.some((f) => f.kind === "undisposed_hit"), "disposed hits are no longer open flags");
    const audit = await consoleCall(p, "GET", `/_docket/audit?case_id=${row.id}&limit=50`);
    const disposed = audit.body.data.filter((e) => e.kind === "hit_disposed");
    assert.deepEqual(disposed.map((e) => e.data.disposition).sort(), ["false_positive", "true_match"], "both dispositions are on the audit chain");
    assert.ok(disposed.every((e) => e.actor === `reviewer:${ADA}`), "with who made them");
    assert.ok(disposed.some((e) => e.data.note === "Listed person born 1961 in Prague.\nOur director born 1988 in Brno."), "a note keeps its line break");
  });

  test("A approves only by acknowledging each open flag, naming Bea; Bea approves from her inbox", async () => {
    const row = await demoCase("Politikova Consulting Ltd");
    const p = ada.page;
    await p.getByTestId("approve").click();
    const dialog = p.getByTestId("decision-dialog");
    await dialog.getByTestId("open-flags").waitFor();
    await dialog.getByTestId("decision-reason-manually_verified").check();
    await dialog.getByTestId("decision-reason-enhanced_due_diligence").check();
    await dialog.getByTestId("decision-note").fill("Registry extract and passports checked.\nThe director's PEP hit is another person; the shareholder is the listed PEP, with source of funds on file.");
    assert.equal(await dialog.getByTestId("decision-submit").isDisabled(), true, "not before every flag is acknowledged");
    const flags = dialog.getByTestId("open-flag");
    for (let i = 0; i < (await flags.count()); i++) await flags.nth(i).check();
    await dialog.getByTestId("decision-approver").selectOption({ label: `${BEA} (senior)` });
    await atBothSizes(p, "kyb-approve-dialog");
    await dialog.getByTestId("decision-submit").click();
    await p.getByTestId("pending-decision").getByText("Awaiting second approval").waitFor();

    const b = bea.page;
    await b.goto(`${docket.url}/inbox`);
    const inboxRow = b.getByTestId("inbox-approvals-table").getByTestId("approval-row").filter({ hasText: row.public_id });
    await inboxRow.waitFor();
    await atBothSizes(b, "inbox-senior");
    await inboxRow.getByTestId("approval-link").click();
    await b.getByTestId("second-confirm").click();
    await b.getByTestId("second-note").fill("Agreed: different birth year and place for the director; EDD on the shareholder is complete.");
    await b.getByTestId("second-submit").click();
    await b.getByTestId("case-status").getByText("Approved manually").waitFor();
    await atBothSizes(b, "kyb-approved-under-four-eyes");
  });

  test("the audit trail of the day's case has both dispositions and both decisions, by who made them", async () => {
    const row = await demoCase("Politikova Consulting Ltd");
    const b = bea.page;
    await b.goto(`${docket.url}/audit?case_id=${row.id}`);
    const rows = b.getByTestId("audit-row");
    await rows.filter({ hasText: "Marie Rousseau" }).first().waitFor();
    await rows.filter({ hasText: "Petra Politikova" }).first().waitFor();
    await rows.filter({ hasText: BEA }).first().waitFor();
    await rows.filter({ hasText: ADA }).first().waitFor();
    await atBothSizes(b, "audit-day-case");
  });

  test("A asks the merchant to fix two sections at once, each with its own instruction", async () => {
    const row = await demoCase("Rhone Partners SARL");
    const p = ada.page;
    await p.goto(`${docket.url}/kyb/${row.id}`);
    await p.getByTestId("claim").click();
    await p.getByTestId("case-assignee").getByText(ADA).waitFor();
    await p.getByTestId("remediate").click();
    await p.getByTestId("remediation-target-section-company").check();
    await p.getByTestId("remediation-instruction-section-company").fill("The registered address differs from the registry's: please correct it.");
    await p.getByTestId("remediation-target-section-ownership").check();
    await p.getByTestId("remediation-instruction-section-ownership").fill("Please add every shareholder holding 25% or more.");
    await p.getByTestId("remediation-message").fill("Two corrections are needed before we can verify your company.");
    await atBothSizes(p, "kyb-remediation");
    await p.getByTestId("remediation-submit").click();
    await p.getByTestId("case-status").getByText(/Action required/i).waitFor();
    const after = await callApi(docket.url, "GET", `/api/v4/kyb/verifications/${row.id}`);
    const open = after.body.remediations.filter((r) => !r.resolved_at);
    const sections = open.map((r) => r.section).sort();
    assert.deepEqual(sections, ["company", "ownership"]);
  });
});

describe("deciding with four eyes", () => {
  test("reviewer A moves through the queue by keyboard and takes the next case with n", async () => {
    const p = ada.page;
    await p.getByTestId("nav-kyb").click();
    const rows = p.getByTestId("kyb-table").getByTestId("kyb-row");
    await rows.first().waitFor();
    await p.getByTestId("tab-manual_review").getByText(/\d/).waitFor();
    await p.waitForLoadState("networkidle");
    await screenshot(p, "kyb-queue");

    // j focuses the first row, j again the second, k back; Enter opens the focused one.
    await p.keyboard.press("j");
    assert.equal(await p.evaluate(() => document.activeElement?.getAttribute("data-testid")), "kyb-row");
    await p.keyboard.press("j");
    const second = await p.evaluate(() => document.activeElement?.previousElementSibling?.getAttribute("data-testid"));
    assert.equal(second, "kyb-row", "j moved to the second row");
    await p.keyboard.press("k");
    await p.keyboard.press("Enter");
    await p.getByTestId("case-header").waitFor();
    await p.goBack();
    await rows.first().waitFor();

    // The filters live in the URL.
    await p.getByTestId("filter-flag").selectOption("hit");
    await p.waitForURL(/flag=hit/);
    await p.getByTestId("clear-filters").click();
    await p.waitForURL((url) => !url.search.includes("flag="));

    await p.keyboard.press("n");
    await p.waitForURL(/\/kyb\/[0-9a-f-]{36}$/);
    await p.getByTestId("case-assignee").getByText(`${ADA} (you)`).waitFor();
    rejected = { id: p.url().split("/").pop() };
  });

  test("A reads the evidence, comments with a mention and rejects with a reason and a note", async () => {
    const p = ada.page;
    await p.getByTestId("comparison").waitFor();
    await p.keyboard.press("e");
    await p.getByTestId("evidence-panel-registry").waitFor();
    await p.getByTestId("evidence-panel-cross_check").waitFor();
    const explain = p.getByTestId("explain-hit");
    if ((await explain.count()) > 0) {
      await explain.first().click();
      await p.getByTestId("aml-explanation").first().waitFor();
    }
    await p.getByTestId("document-image").waitFor();
    await p.getByTestId("page-indicator").getByText(/Page 1 of \d+/).waitFor();
    if ((await p.getByTestId("doc-next").isEnabled())) {
      await p.getByTestId("doc-next").click();
      await p.getByTestId("document-image").waitFor();
    }
    await p.getByTestId("zoom-in").click();
    await p.getByTestId("zoom-fit").getByText("125%").waitFor();
    await p.getByTestId("zoom-fit").click();
    await p.keyboard.press("e"); // hide the evidence again, for the picture
    await p.evaluate(() => window.scrollTo(0, 0));
    await screenshot(p, "kyb-case-file");

    // c focuses the comment; @ suggests reviewers; Enter picks; Ctrl+Enter sends.
    await p.locator("main h1").click();
    await p.keyboard.press("c");
    assert.equal(await p.evaluate(() => document.activeElement?.getAttribute("data-testid")), "comment-body");
    await p.keyboard.type("@Bea");
    await p.getByTestId("mention-options").getByText(`@${BEA}`).waitFor();
    await p.keyboard.press("Enter");
    assert.equal(await p.getByTestId("comment-body").inputValue(), `@${BEA} `, "Enter takes the suggestion");
    await p.keyboard.type("the registry name differs, please look.");
    await p.keyboard.press("Control+Enter");
    const comment = p.getByTestId("comment").filter({ hasText: "the registry name differs" });
    await comment.getByTestId("mention").getByText(`@${BEA}`).waitFor();

    // r opens the reject dialog: reasons (several, in groups) and a note are required; the
    // message for the merchant is apart from the note; Bea is named for the second approval.
    await p.locator("main h1").click();
    await p.keyboard.press("r");
    const dialog = p.getByTestId("decision-dialog");
    await dialog.getByTestId("decision-reasons").waitFor();
    assert.equal(await dialog.getByTestId("decision-submit").isDisabled(), true, "nothing chosen yet");
    await dialog.getByTestId("decision-reason-registry_mismatch").check();
    await dialog.getByTestId("decision-reason-information_mismatch").check();
    await dialog.getByTestId("decision-note").fill("The registry lists another name for this number.");
    await dialog.getByTestId("decision-merchant-message").fill("We could not match your company to the registry.");
    await dialog.getByTestId("decision-approver").selectOption({ label: `${BEA} (senior)` });
    await screenshot(p, "kyb-decision-dialog");
    await dialog.getByTestId("decision-submit").click();
    const pending = p.getByTestId("pending-decision");
    await pending.getByText("Awaiting second approval").waitFor();
    await pending.getByText(/Rejected \(first of two\) by Ada Reviewer/).waitFor();
    // The first reviewer does not give the second approval.
    assert.equal(await pending.getByTestId("second-confirm").count(), 0);
    const status = await callApi(docket.url, "GET", `/api/v4/kyb/verifications/${rejected.id}`);
    assert.ok(["manual_review", "failed"].includes(status.body.status), `the case keeps its status: ${status.body.status}`);
    assert.equal(status.body.review.pending_decision.reviewer.name, ADA);
    assert.deepEqual(status.body.review.pending_decision.reasons, ["registry_mismatch", "information_mismatch"]);
    assert.equal(status.body.review.pending_decision.approver.name, BEA);
    rejected.public_id = status.body.public_id;
  });

  test("senior B finds it in her inbox and confirms; the case file shows both decisions", async () => {
    const p = bea.page;
    await p.reload();
    await p.getByTestId("nav-inbox").getByTestId("inbox-count").waitFor();
    await p.getByTestId("nav-inbox").click();
    const row = p.getByTestId("inbox-approvals-table").getByTestId("approval-row").filter({ hasText: rejected.public_id });
    await row.getByText("you", { exact: true }).waitFor();
    await p.getByTestId("inbox-mentions").getByTestId("mention").filter({ hasText: "the registry name differs" }).waitFor();
    await screenshot(p, "inbox");
    await p.getByTestId("nav-approvals").click();
    await p.getByTestId("approvals-table").getByTestId("approval-row").filter({ hasText: rejected.public_id }).waitFor();
    await p.getByTestId("nav-inbox").click();
    await row.getByTestId("approval-link").click();
    await p.getByTestId("second-confirm").click();
    await p.getByTestId("second-note").fill("Checked the registry extract: agreed.");
    await p.getByTestId("second-submit").click();
    await p.getByTestId("case-status").getByText("Rejected manually").waitFor();
    const decisions = p.getByTestId("decisions").getByTestId("decision");
    await decisions.nth(1).waitFor();
    await decisions.filter({ hasText: /Rejected \(first of two\) by Ada Reviewer/ }).waitFor();
    await decisions.filter({ hasText: /Confirmed \(second approval\) by Bea Senior/ }).waitFor();
    const after = await callApi(docket.url, "GET", `/api/v4/kyb/verifications/${rejected.id}`);
    assert.equal(after.body.status, "rejected_manually");
  });

  test("reviewer C is refused a case assigned to someone else, with the server's message", async () => {
    // A takes another case from the case file's own "Next case".
    await ada.page.getByTestId("next-case").click();
    await ada.page.waitForURL((url) => /\/kyb\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(rejected.id));
    await ada.page.getByTestId("case-assignee").getByText(`${ADA} (you)`).waitFor();
    taken = { id: ada.page.url().split("/").pop() };

    const p = cy.page;
    await p.goto(`${docket.url}/kyb/${taken.id}`);
    await p.getByTestId("case-assignee").getByText(ADA).waitFor();
    await p.keyboard.press("a");
    const dialog = p.getByTestId("decision-dialog");
    await dialog.getByText(`${ADA} has this case`).waitFor();
    await dialog.getByTestId("decision-reason-checks_clear").check();
    await dialog.getByTestId("decision-note").fill("Looks fine to me.");
    for (const flag of await dialog.getByTestId("open-flag").all()) await flag.check(); // approving acknowledges each
    await dialog.getByTestId("decision-submit").click();
    const alert = dialog.getByRole("alert");
    await alert.waitFor();
    const shown = (await alert.textContent()).trim();
    const direct = await consoleCall(p, "POST", `/api/v4/kyb/verifications/${taken.id}/decision`, { decision: "approve", reason: "checks_clear", note: "Looks fine to me." });
    assert.ok(direct.status === 403 || direct.status === 409, `refused: ${direct.status}`);
    assert.equal(shown, direct.body.message, "the dialog shows the server's message");
    await p.keyboard.press("Escape");
    const after = await callApi(docket.url, "GET", `/api/v4/kyb/verifications/${taken.id}`);
    assert.equal(after.body.review.pending_decision, null);
    assert.ok(["manual_review", "failed"].includes(after.body.status));
  });
});

describe("the case file as a workbench", () => {
  test("a case in Running checks opens (pending checks have no evidence yet); the sidebar stays", async () => {
    const p = ada.page;
    await p.getByTestId("nav-kyb").click();
    await p.getByTestId("tab-running_checks").click();
    const link = p.getByTestId("kyb-table").getByTestId("kyb-row-link").first();
    await link.waitFor();
    await link.click();
    await p.getByTestId("case-header").waitFor();
    await p.getByTestId("persons").waitFor();
    await p.getByTestId("risk-headline").getByText(/Not scored yet/).waitFor();
    assert.equal(await p.getByTestId("view-error").count(), 0);
    await p.getByTestId("nav-kyb").waitFor();
  });

  test("at 1440 px the document is beside the comparison; Find marks the compared value on it", async () => {
    const p = ada.page;
    await p.setViewportSize({ width: 1440, height: 900 });
    try {
      await p.goto(`${docket.url}/kyb/${rejected.id}`);
      await p.getByTestId("comparison").waitFor();
      await p.getByTestId("document-image").waitFor();
      const left = await p.getByTestId("comparison-card").boundingBox();
      const right = await p.getByTestId("documents-card").boundingBox();
      assert.ok(left && right && right.x > left.x + left.width - 1 && right.y < left.y + left.height, "side by side");
      // One row per person, each with their screening and identity outcome.
      const people = p.getByTestId("person-row");
      assert.ok((await people.count()) >= 1);
      await people.first().getByTestId("person-aml").getByText(/clear|match|hit|error|pending|no /i).first().waitFor();
      await p.getByTestId("find-legal_name").click();
      await p.getByTestId("viewer-find").getByText(/marked on this page|not on this page|no text layer/).waitFor();
      await screenshot(p, "kyb-case-file-1440");
      // Below 1200 px the document comes under the evidence.
      await p.setViewportSize({ width: 1024, height: 700 });
      const stacked = await p.getByTestId("documents-card").boundingBox();
      const evidence = await p.getByTestId("checks-card").boundingBox();
      assert.ok(stacked && evidence && stacked.y > evidence.y, "stacked");
      await screenshot(p, "kyb-case-file-1024");
    } finally {
      await p.setViewportSize({ width: 1280, height: 800 });
    }
  });
});

describe("audit trail and the overview", () => {
  test("the audit view lists the decisions; the export verifies and a tampered copy does not", async () => {
    const p = owner.page;
    await p.getByTestId("nav-audit").click();
    await p.getByTestId("audit-verify").and(p.locator("[data-ok=true]")).waitFor();
    const decision = p.getByTestId("audit-row").filter({ hasText: rejected.public_id }).filter({ hasText: "second approval" });
    await decision.first().waitFor();
    await p.goto(`${docket.url}/audit?case_id=${rejected.id}`);
    await p.getByTestId("audit-row").first().waitFor();
    assert.equal(await p.getByTestId("audit-row").filter({ hasNotText: rejected.public_id }).count(), 0, "only the case's events");
    await p.getByTestId("audit-row").first().click();
    await p.getByTestId("audit-event").waitFor();
    await screenshot(p, "audit");

    const verified = await consoleCall(p, "GET", "/_docket/audit/verify");
    assert.equal(verified.body.ok, true, JSON.stringify(verified.body));

    const [download] = await Promise.all([p.waitForEvent("download"), p.getByTestId("audit-export").click()]);
    const dir = mkdtempSync(join(tmpdir(), "docket-audit-"));
    const file = join(dir, "audit.ndjson");
    await download.saveAs(file);
    const intact = await runDocket(["audit", "verify", file]);
    assert.equal(intact.code, 0, intact.out);

    // Edit the first decision on the rejected case in a copy: the copy no longer verifies.
    const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
    const index = lines.findIndex((l) => {
      const e = JSON.parse(l);
      return e.case_id === rejected.id && /decision|decided/.test(e.kind);
    });
    assert.ok(index >= 0, "the export holds the decision");
    const event = JSON.parse(lines[index]);
    event.data = { ...event.data, note: "Nothing to see here." };
    lines[index] = JSON.stringify(event);
    const tampered = join(dir, "tampered.ndjson");
    writeFileSync(tampered, `${lines.join("\n")}\n`);
    const broken = await runDocket(["audit", "verify", tampered]);
    assert.notEqual(broken.code, 0, "a tampered copy fails");
    assert.match(broken.out, new RegExp(`\\b${event.seq}\\b`), `the failure names event ${event.seq}: ${broken.out}`);
  });

  test("the owner erases a case from its case file; the trail still verifies and says what went", async () => {
    const p = owner.page;
    const waiting = await callApi(docket.url, "GET", "/api/v4/kyb/verifications?stage=manual_review,failed&limit=25");
    const victim = waiting.body.data.find((c) => c.id !== rejected.id && c.id !== taken?.id);
    assert.ok(victim, "a waiting demo case to erase");
    await p.goto(`${docket.url}/kyb/${victim.id}`);
    await p.getByTestId("erase-case").click();
    await p.getByTestId("confirm-erase-case").click();
    await p.waitForURL(/\/kyb$/);
    assert.equal((await callApi(docket.url, "GET", `/api/v4/kyb/verifications/${victim.id}`)).status, 404);
    const verified = await consoleCall(p, "GET", "/_docket/audit/verify");
    assert.equal(verified.body.ok, true, JSON.stringify(verified.body));
    assert.ok(verified.body.erased_events >= 1, JSON.stringify(verified.body));
    await p.goto(`${docket.url}/audit?case_id=${victim.id}`);
    await p.getByTestId("audit-row").filter({ hasText: "accounts for" }).first().waitFor();
    await p.getByTestId("audit-row").filter({ hasText: "content erased on request" }).first().waitFor();
  });

  test("the overview counts the desk and shows each reviewer's numbers", async () => {
    const p = owner.page;
    await p.getByTestId("nav-overview").click();
    await p.getByTestId("desk-summary").getByTestId("desk-sla-breached").waitFor();
    const rows = p.getByTestId("metrics-table").getByTestId("metrics-row");
    await rows.filter({ hasText: ADA }).waitFor();
    await rows.filter({ hasText: BEA }).waitFor();
  });

  test("every action is listed under ?, and the desk's views name every control", async () => {
    const p = owner.page;
    await p.keyboard.press("?");
    const help = p.getByTestId("shortcuts-dialog");
    for (const text of ["Next case", "Approve the case", "Reject the case", "Request remediation", "Write a comment"]) await help.getByText(text).first().waitFor();
    await p.keyboard.press("Escape");
    for (const path of ["/kyb", `/kyb/${rejected.id}`, `/kyb/${taken.id}`, "/audit", "/reviewers"]) {
      await p.goto(docket.url + path);
      await p.locator("main h1").first().waitFor();
      await p.waitForLoadState("networkidle");
      const { controls, unnamed } = await unnamedControls(p);
      assert.ok(controls > 0, `${path} has controls to check`);
      assert.deepEqual(unnamed, [], `controls without a name on ${path}`);
    }
  });
});

describe("a queue that works like one", () => {
  test("most overdue first, with totals and page count; headers sort; the registration number shown", async () => {
    const p = owner.page;
    await p.goto(`${docket.url}/kyb`);
    const rows = p.getByTestId("kyb-table").getByTestId("kyb-row");
    await rows.first().waitFor();
    // "1–9 of 9 · page 1 of 1": the range, the total and the page count.
    await p.getByTestId("pager-text").getByText(/^1–\d+ of \d+ · page 1 of \d+$/).waitFor();
    // Most overdue first: the SLA due times ascend down the page (the demo's breached cases lead).
    const dues = (await rows.getByTestId("sla").evaluateAll((cells) => cells.map((c) => c.getAttribute("title") ?? ""))).map((t) => Date.parse(/\(due (.+)\)$/.exec(t)?.[1] ?? ""));
    assert.ok(dues.length > 0 && dues.every((d) => !Number.isNaN(d)), "every waiting case has an SLA");
    assert.deepEqual(dues, [...dues].sort((a, b) => a - b), "most overdue first");
    await rows.first().getByTestId("sla").getByText("breached").waitFor();
    await rows.first().getByTestId("registration-number").waitFor();
    // The "Case" header sorts by company name, and again the other way.
    await p.getByTestId("sort-company_name").click();
    await p.waitForURL(/sort=company_name/);
    const names = async () => (await rows.getByTestId("kyb-row-link").allInnerTexts()).map((n) => n.toLowerCase());
    await p.locator('th[aria-sort="ascending"]').getByTestId("sort-company_name").waitFor();
    // The URL changes at once; the rows when the server's sorted page arrives.
    const up = await settled(names, (n) => n.join() === [...n].sort().join());
    assert.deepEqual(up, [...up].sort(), "ascending by company");
    await p.getByTestId("sort-company_name").click();
    await p.waitForURL(/sort=-company_name/);
    await p.locator('th[aria-sort="descending"]').getByTestId("sort-company_name").waitFor();
    const down = await settled(names, (n) => n.join() === [...n].sort().reverse().join());
    assert.deepEqual(down, [...down].sort().reverse(), "descending by company");
    await screenshot(p, "kyb-queue-sorted");
  });

  test("a person's name finds their company", async () => {
    const p = owner.page;
    await p.goto(`${docket.url}/kyb?tab=all`);
    await p.getByTestId("kyb-row").first().waitFor();
    // Wanjiru Kamau directs Savannah Trade Links; her name is nowhere in the company's.
    await p.getByTestId("filter-q").fill("kamau");
    await p.waitForURL(/q=kamau/);
    const rows = p.getByTestId("kyb-table").getByTestId("kyb-row");
    await rows.filter({ hasText: "Savannah Trade Links" }).waitFor();
    // The earlier page stays until the search's answer replaces it.
    assert.equal(await settled(() => rows.count(), (n) => n === 1), 1);
  });

  test("bulk: a reviewer assigns several to themselves, releases, and is told per case what was refused", async () => {
    const p = ada.page;
    await p.goto(`${docket.url}/kyb?scope=unassigned`);
    const rows = p.getByTestId("kyb-table").getByTestId("kyb-row");
    await rows.nth(1).waitFor();
    const picked = [await rows.nth(0).getByTestId("kyb-row-link").innerText(), await rows.nth(1).getByTestId("kyb-row-link").innerText()];
    await rows.nth(0).getByTestId("select-row").check();
    await rows.nth(1).getByTestId("select-row").check();
    await p.getByTestId("bulk-bar").getByText("2 cases selected").waitFor();
    await p.getByTestId("bulk-assign-me").click();
    await p.getByTestId("toast").filter({ hasText: "2 cases assigned" }).waitFor();
    // Theirs now: in "Assigned to me".
    await p.goto(`${docket.url}/kyb?scope=mine`);
    for (const name of picked) await rows.filter({ hasText: name }).getByText("you").waitFor();
    // With a case Maya works (the demo's), a release frees Ada's two and refuses Maya's.
    await p.goto(`${docket.url}/kyb`);
    await rows.first().waitFor();
    for (const name of [...picked, "Harbourside Ventures"]) await rows.filter({ hasText: name }).getByTestId("select-row").check();
    await p.getByTestId("bulk-release").click();
    await p.getByTestId("toast").filter({ hasText: "2 cases released; 1 refused" }).waitFor();
    const refused = p.getByTestId("bulk-refused");
    await refused.getByText(/Harbourside Ventures.*assigned to Maya Chen/).waitFor();
    await screenshot(p, "kyb-queue-bulk-refused");
  });

  test("an admin reassigns in bulk; late checks are an admin's stuck checks, not a reviewer's red", async () => {
    const p = owner.page;
    await p.goto(`${docket.url}/kyb?scope=unassigned`);
    const rows = p.getByTestId("kyb-table").getByTestId("kyb-row");
    await rows.first().waitFor();
    const name = await rows.first().getByTestId("kyb-row-link").innerText();
    await rows.first().getByTestId("select-row").check();
    await p.getByTestId("bulk-reviewer").selectOption({ label: `${CY} (reviewer)` });
    await p.getByTestId("bulk-assign").click();
    await p.getByTestId("toast").filter({ hasText: "1 case assigned" }).waitFor();
    await p.goto(`${docket.url}/kyb?tab=all&q=${encodeURIComponent(name)}`);
    await rows.filter({ hasText: name }).getByText(CY).waitFor();
    // The stuck checks view (an admin's): the demo's running checks finish on time.
    await p.goto(`${docket.url}/kyb/stuck`);
    await p.locator("main h1").getByText("Stuck checks").waitFor();
  });

  test("the demo's running cases finish their checks through due work shortly after the start", async () => {
    for (let i = 0; i < 240; i++) {
      const running = await callApi(docket.url, "GET", "/api/v4/kyb/verifications?stage=running_checks&limit=25");
      if (running.status === 200 && running.body.total === 0) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.fail("the demo's running cases did not finish within two minutes");
  });

  test("at 1024 px the queue keeps status, SLA and assignee on screen", async () => {
    const p = owner.page;
    await p.setViewportSize({ width: 1024, height: 700 });
    try {
      await p.goto(`${docket.url}/kyb`);
      await p.getByTestId("kyb-row").first().waitFor();
      for (const key of ["status", "assignee", "sla_due_at"]) {
        const box = await p.getByTestId(`sort-${key}`).boundingBox();
        assert.ok(box && box.x + box.width <= 1024, `the ${key} column is on screen at 1024 px: ${JSON.stringify(box)}`);
      }
      await screenshot(p, "kyb-queue-1024");
    } finally {
      await p.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
