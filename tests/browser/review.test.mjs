// The reviewer's side of verifications and monitoring in Chromium against `docket serve --demo`:
// the demo verification left to a reviewer shows the document beside the declared data and what
// was read; the reviewer enters their reading, records an outcome through its confirmation and
// undoes it within the minute; a flagged transaction says the payee's screening flagged it
// (linking the watchlist hit) and gets an assignee and a disposition.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { callApi, launchBrowser, newPage, OWNER, screenshot, startDocket } from "./harness.mjs";

let docket;
let chromium;
let owner;

async function waitFor(what, check) {
  for (let i = 0; i < 200; i++) {
    const found = await check();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`gave up waiting for ${what}`);
}

before(async () => {
  docket = await startDocket();
  chromium = await launchBrowser();
  owner = await newPage(chromium.browser, { viewport: { width: 1440, height: 900 } });
  await owner.page.goto(docket.login);
  await owner.page.getByTestId("reviewer-chip").waitFor();
});

after(async () => {
  assert.deepEqual(owner?.errors ?? [], [], "the console threw in a page");
  await chromium?.close();
  await docket?.stop();
});

describe("document review", () => {
  test("the reviewer reads the document beside the declared data, confirms an outcome and undoes it", async () => {
    // The demo's `manual_review` passport waits for a reviewer once Docket's own checks ran.
    await callApi(docket.url, "POST", "/_docket/clock/advance", { seconds: 30 });
    const waiting = await waitFor("the verification left to a reviewer", async () => {
      const list = await callApi(docket.url, "GET", "/api/v3/verifications?status=in_progress&limit=50");
      for (const v of list.body?.data ?? []) {
        if (v.checks.face_comparison?.note) return v;
      }
      return null;
    });
    const { page } = owner;
    await page.goto(`${docket.url}/verifications/${waiting.id}`);
    await page.getByTestId("review-comparison").waitFor();
    assert.match(await page.getByTestId("compare-full_name").innerText(), /not read/);
    await page.getByTestId("read-full_name").fill("Someone Else");
    await page.getByTestId("read-document_number").fill("c01x00t47");
    await page.getByTestId("save-reading").click();
    await page.getByTestId("compare-full_name").getByText("mismatch").waitFor();
    assert.match(await page.getByTestId("compare-document_number").innerText(), /not declared/);
    await screenshot(page, "review-verification-1440");

    await page.getByTestId("pass-face_comparison").click();
    const dialog = page.getByTestId("confirm-face_comparison");
    await dialog.getByText("It takes effect in one minute").waitFor();
    await page.getByTestId("confirm-outcome-face_comparison").click();
    await page.getByTestId("pending-face_comparison").getByText(/takes effect in \d+ s/).waitFor();
    assert.equal(await page.getByTestId("pass-face_comparison").count(), 0, "no second outcome while one waits");
    await screenshot(page, "review-pending-1440");
    await page.getByTestId("undo-face_comparison").click();
    await page.getByTestId("pass-face_comparison").waitFor();
    await page.getByTestId("timeline").getByText(/undid the outcome of face_comparison/).waitFor();
  });
});

describe("monitoring review", () => {
  test("a flagged transaction names the payee's hit and gets an assignee and a disposition", async () => {
    const hit = await waitFor("a demo transaction flagged by the payee's screening", async () => {
      const list = await callApi(docket.url, "GET", "/api/v3/transmon/events?decision=review&limit=100");
      return (list.body?.data ?? []).find((e) => e.causes.includes("AML_PAYEE_HIT")) ?? null;
    });
    const { page } = owner;
    await page.goto(`${docket.url}/transmon/events/${hit.event_id}`);
    const payee = page.getByTestId("flag-payee");
    await payee.waitFor();
    assert.match(await payee.innerText(), /The payee's screening/);
    assert.match((await page.getByTestId("flag-payee-hit").getAttribute("href")) ?? "", /^\/aml\/entities\//);
    await page.getByTestId("take-event").click();
    await page.getByTestId("event-assignee").getByText(OWNER).waitFor();
    await page.getByTestId("disposition-escalated").check();
    await page.getByTestId("disposition-note").fill("The payee's name and country match the listing.");
    await page.getByTestId("dispose-event").click();
    await page.getByTestId("event-disposition").getByText("escalated").waitFor();
    await screenshot(page, "review-transmon-1440");
    await page.setViewportSize({ width: 1024, height: 700 });
    await screenshot(page, "review-transmon-1024");
  });
});
