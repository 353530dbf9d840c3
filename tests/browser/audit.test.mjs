// A broken audit chain in Chromium (issue 32): after an erasure, the database file is edited while
// Docket is stopped; at the next start every console page shows the chain as broken, with a link
// to the Audit trail, where an admin acknowledges the problem with a note (an event on the chain)
// and the banner goes. A reviewer who is not an admin sees the problem but cannot acknowledge it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { callApi, launchBrowser, newPage, screenshot, startDocket } from "./harness.mjs";

const K = "/api/v4/kyb/verifications";
let docket;
let chromium;
const sessions = [];

async function signIn(link) {
  const s = await newPage(chromium.browser);
  sessions.push(s);
  await s.page.goto(link);
  await s.page.getByTestId("reviewer-chip").waitFor();
  return s;
}

before(async () => {
  const first = await startDocket({ demo: false });
  const cases = [];
  for (const name of ["kept-case", "erased-case"]) {
    const created = await callApi(first.url, "POST", K, { external_id: name });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    cases.push(created.body.id);
  }
  const erased = await callApi(first.url, "DELETE", `${K}/${cases[1]}`);
  assert.equal(erased.status, 200, JSON.stringify(erased.body));
  await first.stop({ keep: true });
  // With the file: the first event's actor changed, nothing recomputed.
  const edit = spawnSync("python3", ["-c", "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\nc.execute(\"UPDATE audit_events SET actor = 'reviewer:Mallory' WHERE environment = 'sandbox' AND seq = 1\")\nc.commit()", join(first.dataDir, "docket.db")], { encoding: "utf8" });
  assert.equal(edit.status, 0, edit.stderr);
  docket = await startDocket({ demo: false, dataDir: first.dataDir });
  chromium = await launchBrowser();
});

after(async () => {
  for (const s of sessions) assert.deepEqual(s.errors, [], "the console threw in a page");
  await chromium?.close();
  await docket?.stop();
});

test("a broken chain shows on every page until an admin acknowledges it on the Audit trail", async () => {
  const clerk = await signIn(await docket.addReviewer("Plain Clerk", "reviewer"));
  const owner = await signIn(docket.login);
  const p = owner.page;
  const alarm = p.getByTestId("chain-alarm");
  for (const path of ["/", "/kyb", "/applicants", "/webhooks"]) {
    await p.goto(docket.url + path);
    await alarm.waitFor({ timeout: 15_000 });
    assert.match(await alarm.textContent(), /one problem not acknowledged, the first at event #1/);
  }
  await screenshot(p, "audit-chain-broken");

  // A reviewer who is not an admin sees it, and the problem, but no way to acknowledge it.
  await clerk.page.goto(`${docket.url}/audit`);
  await clerk.page.getByTestId("chain-alarm").waitFor({ timeout: 15_000 });
  await clerk.page.getByTestId("audit-problem").first().waitFor();
  assert.equal(await clerk.page.getByTestId("audit-ack-note").count(), 0);

  await alarm.getByRole("link").click();
  await p.waitForURL(/\/audit$/);
  const problem = p.getByTestId("audit-problem").first();
  await problem.waitFor();
  assert.equal(await problem.getAttribute("data-acknowledged"), "false");
  assert.match(await problem.textContent(), /Event #1/);
  await p.getByTestId("audit-ack-note").fill("Edited by hand while Docket was stopped; checked against the 09:00 backup.");
  await p.getByTestId("audit-ack-submit").click();
  await p.getByTestId("audit-problem").and(p.locator("[data-acknowledged=true]")).waitFor();
  await alarm.waitFor({ state: "detached" });
  await p.getByTestId("audit-row").filter({ hasText: "acknowledged the problem at event #1" }).first().waitFor();
  await screenshot(p, "audit-chain-acknowledged");

  await p.goto(`${docket.url}/kyb`);
  await p.locator("main h1").first().waitFor();
  assert.equal(await alarm.count(), 0, "no banner once acknowledged");
  const shown = await callApi(docket.url, "GET", "/_docket/audit/status");
  assert.equal(shown.body.verification.unacknowledged, 0, JSON.stringify(shown.body));
});
