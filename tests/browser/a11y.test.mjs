// Accessibility of the console in Chromium against a real `docket serve --demo`: axe-core over every
// view (every route of ui/src/routes.tsx, with real ids from the demo data) at 1440 px in the light
// theme and at 1024 px in the dark one, with no serious or critical violation; the keyboard around
// dialogs; the sidebar collapsing below 1200 px; the audit trail's hash column on screen at 1024 px.
// Screenshots of every view at both widths go to tests/artifacts/browser/a11y-*.png.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { after, before, describe, test } from "node:test";
import { callApi, launchBrowser, newPage, screenshot, startDocket } from "./harness.mjs";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** WCAG 2.x A and AA, and axe's best practices (landmarks, headings, region). */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

let docket;
let chromium;
let session; // signed in as the owner, 1440 x 900, light theme
let receiver; // a webhook endpoint, so that the deliveries have one to show

before(async () => {
  docket = await startDocket();
  chromium = await launchBrowser();
  // axe is injected as a script: the console's Content-Security-Policy would refuse it.
  session = await newPage(chromium.browser, { viewport: { width: 1440, height: 900 }, bypassCSP: true });
  await session.page.goto(docket.login);
  await session.page.getByTestId("reviewer-chip").waitFor();
  receiver = createServer((req, res) => req.resume().on("end", () => res.writeHead(200).end("{}")));
  await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});

after(async () => {
  receiver?.close();
  assert.deepEqual(session?.errors ?? [], [], "the console threw in the page");
  await chromium?.close();
  await docket?.stop();
});

/** axe's serious and critical violations on the page as it is now, one line each. */
async function violations(page, where) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")), count: v.nodes.length }));
  }, TAGS);
  return found.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${where}: ${v.id} (${v.impact}, ${v.count}×) ${v.help}: ${v.targets.join(" | ")}`);
}

/** Opens a path and waits until the view has rendered and its requests are done. */
async function open(page, path) {
  await page.goto(docket.url + path);
  // A view's title, or (for a path with no view) the state that says so.
  await page.locator("main h1, main [data-testid=empty-state]").first().waitFor();
  await page.waitForLoadState("networkidle");
  // Loading states give way to the data (a spinner is not what is checked).
  await page.waitForFunction(() => !document.querySelector("main [aria-busy=true], main .spinner"), null, { timeout: 10_000 }).catch(() => {});
}

/** The path a list's first row opens (the first without `skip` in its text, when given). */
async function firstRow(page, list, skip) {
  await open(page, list);
  const before = page.url();
  const rows = page.locator("main table.data tbody tr");
  await (skip ? rows.filter({ hasNotText: skip }) : rows).first().click();
  await page.waitForURL((url) => url.href !== before);
  return new URL(page.url()).pathname;
}

/** Every route of the console, its parameters taken from the demo data. */
async function routes(page) {
  const applicant = await firstRow(page, "/applicants");
  const hit = await callApi(docket.url, "POST", "/api/v3/aml/search", { full_name: "Ivan Sanctionov" });
  assert.ok(hit.body.data?.length > 0, "the demo list has the sanctioned name");
  // A webhook and a test event: a delivery to show.
  await open(page, "/webhooks");
  await page.getByTestId("new-webhook").click();
  await page.getByTestId("webhook-url").fill(`http://127.0.0.1:${receiver.address().port}/hooks`);
  await page.getByTestId("webhook-save").click();
  await page.getByTestId("webhook-secret").waitFor();
  const dialog = await violations(page, "/webhooks (the new endpoint's secret dialog)");
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByTestId("webhook-row").first().getByTestId("send-test").click();
  await page.waitForTimeout(500);
  return {
    dialog,
    paths: [
      "/",
      "/applicants",
      "/applicants/new",
      applicant,
      `${applicant}/edit`,
      "/aml",
      "/aml/history",
      `/aml/entities/${hit.body.data[0].uuid}`,
      "/aml/lists",
      "/verifications",
      "/verifications/profiles",
      await firstRow(page, "/verifications"),
      "/email",
      "/email/outbox",
      await firstRow(page, "/email"),
      "/transmon",
      await firstRow(page, "/transmon"),
      "/transmon/rules",
      "/transmon/backtest",
      "/webhooks",
      "/webhooks/deliveries",
      await firstRow(page, "/webhooks/deliveries"),
      "/kyb",
      // A case whose checks are done (the states of a case still running them are the case file tests' own).
      await firstRow(page, "/kyb", /running checks/i),
      "/audit",
      "/data",
      "/account",
      "/reviewers",
      "/requests",
      "/no-such-view",
    ],
  };
}

/** A file name for a path's screenshot: ids become their kind. */
function shotName(path) {
  const name = path.replace(/[0-9a-f]{8}-[0-9a-f-]{27,}|[0-9a-f]{20,}|KYB-[\w-]+/gi, "id").replace(/^\/$/, "/overview").replace(/\//g, "-").replace(/^-/, "");
  return `a11y-${name}`;
}

describe("axe-core on every view", () => {
  test("no serious or critical violation at 1440 (light) or 1024 (dark); screenshots of both", async () => {
    const page = session.page;
    const { dialog, paths } = await routes(page);
    const problems = [...dialog];
    const dark = await newPage(chromium.browser, { viewport: { width: 1024, height: 768 }, colorScheme: "dark", bypassCSP: true });
    await dark.page.goto(await docket.newLoginLink());
    await dark.page.getByTestId("reviewer-chip").waitFor();
    for (const path of paths) {
      await open(page, path);
      problems.push(...(await violations(page, `${path} at 1440`)));
      await screenshot(page, `${shotName(path)}-1440`);
      await open(dark.page, path);
      problems.push(...(await violations(dark.page, `${path} at 1024, dark`)));
      const overflow = await dark.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) problems.push(`${path} at 1024: the page scrolls sideways by ${overflow}px`);
      await screenshot(dark.page, `${shotName(path)}-1024`);
    }
    // Signed out: the sign-in page.
    const out = await newPage(chromium.browser, { viewport: { width: 1024, height: 768 }, bypassCSP: true });
    await out.page.goto(`${docket.url}/sign-in`);
    await out.page.locator("h1").first().waitFor();
    problems.push(...(await violations(out.page, "/sign-in")));
    await out.context.close();
    assert.deepEqual(dark.errors, []);
    await dark.context.close();
    assert.deepEqual(problems, [], `axe found serious or critical violations:\n${problems.join("\n")}`);
  });
});

describe("keyboard", () => {
  test("a dialog focuses its first field and gives focus back to the button that opened it", async () => {
    const page = session.page;
    await open(page, "/");
    const create = page.getByTestId("create-key");
    await create.focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("create-key-dialog").waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-testid")), "key-name", "the key's name field has focus, not ✕");
    assert.deepEqual(await violations(page, "the new key dialog"), []);
    await page.keyboard.press("Escape");
    await page.getByTestId("create-key-dialog").waitFor({ state: "hidden" });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-testid")), "create-key", "focus is back on the button");

    // The same with ✕, on the shortcuts dialog opened from the keyboard.
    await page.locator("main").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("?");
    await page.getByTestId("shortcuts-dialog").waitFor();
    await page.getByTestId("shortcuts-dialog").getByRole("button", { name: "Close" }).click();
    await page.getByTestId("shortcuts-dialog").waitFor({ state: "hidden" });
    assert.notEqual(await page.evaluate(() => document.activeElement?.tagName), "DIALOG");
  });
});

describe("small screens", () => {
  test("below 1200 px the sidebar collapses behind a toggle that is remembered", async () => {
    const small = await newPage(chromium.browser, { viewport: { width: 1024, height: 768 } });
    await small.page.goto(await docket.newLoginLink());
    await small.page.getByTestId("reviewer-chip").waitFor();
    const toggle = small.page.getByTestId("sidebar-toggle");
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(await small.page.getByTestId("nav-kyb").isVisible(), false, "collapsed at 1024");
    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    await small.page.getByTestId("nav-kyb").click();
    await small.page.locator("main h1").first().waitFor();
    await small.page.reload();
    await small.page.getByTestId("nav-kyb").waitFor();
    assert.equal(await small.page.getByTestId("sidebar-toggle").getAttribute("aria-expanded"), "true", "the choice outlives a reload");
    await screenshot(small.page, "a11y-sidebar-open-1024");
    await small.page.getByTestId("sidebar-toggle").click();
    await small.page.setViewportSize({ width: 1440, height: 900 });
    await small.page.getByTestId("sidebar-toggle").waitFor({ state: "detached" });
    assert.equal(await small.page.getByTestId("nav-kyb").isVisible(), true, "always shown when wide");
    assert.deepEqual(small.errors, []);
    await small.context.close();
  });

  test("at 1024 px the audit trail's hash column is on screen, each hash whole in its title", async () => {
    const small = await newPage(chromium.browser, { viewport: { width: 1024, height: 768 } });
    await small.page.goto(await docket.newLoginLink());
    await small.page.getByTestId("reviewer-chip").waitFor();
    await small.page.goto(`${docket.url}/audit`);
    const hash = small.page.getByTestId("audit-row").first().locator("td").last().locator("code");
    await hash.waitFor();
    const box = await hash.boundingBox();
    assert.ok(box && box.x + box.width <= 1024, `the hash ends at ${box && box.x + box.width}px, beyond the 1024 px window`);
    assert.match(await hash.getAttribute("title"), /^[0-9a-f]{64}$/);
    await screenshot(small.page, "a11y-audit-hash-1024");
    await small.context.close();
  });
});
