// Reviewers' own accounts end to end in Chromium against a real `docket serve --demo`: a reviewer
// added with the CLI signs in with the link, sets a password and an authenticator (its codes made
// here from the base32 secret the page shows, as an app would), signs out, signs in with name,
// password and code, and ends another of their sessions; wrong credentials are refused alike and
// too many make the page say when to try again; an admin changes a role, is warned before a link
// resets someone, removes a reviewer (whose session ends) and sees every session; the owner sees
// the requests refused for want of a credential. Screenshots at 1440 and 1024 pixels wide.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { launchBrowser, newPage, screenshot, startDocket, unnamedControls, whoAmI } from "./harness.mjs";

let docket;
let chromium;
const sessions = []; // every page opened, for the errors check at the end
let owner; // the machine's owner (an admin), signed in with the link `docket serve` prints
let ines; // the reviewer who sets up her account (her first browser)
let authenticator; // Ines's authenticator app, once set up
const INES = "Ines Account";
const PASSWORD = "four unrelated words of mine";
const TOM = "Tom Leaving";

async function open(link) {
  const s = await newPage(chromium.browser);
  sessions.push(s);
  if (link) await s.page.goto(link);
  return s;
}

before(async () => {
  docket = await startDocket();
  chromium = await launchBrowser();
  owner = await open(docket.login);
  await owner.page.getByTestId("reviewer-chip").waitFor();
});

after(async () => {
  for (const s of sessions) assert.deepEqual(s.errors, [], "the console threw in a page");
  await chromium?.close();
  await docket?.stop();
});

/** RFC 4648 base32 (what the page shows, spaces and all) to bytes. */
function base32(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const bytes = [];
  for (const c of text.replace(/[\s=]/g, "").toUpperCase()) {
    const v = alphabet.indexOf(c);
    assert.ok(v >= 0, `not base32: ${c}`);
    value = ((value << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The RFC 6238 code (SHA-1, 6 digits) of a 30-second step. */
function totp(key, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * An authenticator app. The server takes a code of the step before now, now or the next, each
 * step once and in order; this hands out the next unused one and waits (at most 35 s) only when
 * every usable step is spent.
 */
class Authenticator {
  constructor(secret) {
    this.key = base32(secret);
    this.used = -Infinity;
  }
  async code() {
    for (let i = 0; i < 70; i++) {
      const seconds = Date.now() / 1000;
      const step = Math.floor(seconds / 30);
      // The step before now only with a few seconds to spare, so it is not stale on arrival.
      const earliest = 30 - (seconds % 30) > 6 ? step - 1 : step;
      const pick = Math.max(this.used + 1, earliest);
      if (pick <= step + 1) {
        this.used = pick;
        return totp(this.key, pick);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error("no unused authenticator code within 35 s");
  }
}

/** Screenshots of the page at 1440 and 1024 pixels wide (then back to the harness's 1280). */
async function shots(page, name) {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${name} scrolls sideways by ${overflow}px at ${width} wide`);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signIn(page, name, password, code) {
  await page.getByTestId("sign-in-name").fill(name);
  await page.getByTestId("sign-in-password").fill(password);
  await page.getByTestId("sign-in-code").fill(code);
  await page.getByTestId("sign-in-submit").click();
}

async function expectCount(locator, n) {
  const deadline = Date.now() + 10_000;
  while ((await locator.count()) !== n) {
    if (Date.now() > deadline) assert.equal(await locator.count(), n);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A call from inside a signed-in page, as the console makes it: the status and body. */
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

describe("a reviewer's own account", () => {
  test("a reviewer added with the CLI signs in with the link and every page asks them to set up their sign-in", async () => {
    ines = await open(await docket.addReviewer(INES, "reviewer"));
    const p = ines.page;
    await p.getByTestId("reviewer-chip").getByText(INES).waitFor();
    const banner = p.getByTestId("setup-banner");
    await banner.getByText("Set up a password and an authenticator app").waitFor();
    await p.getByTestId("nav-applicants").click();
    await banner.waitFor();
    await shots(p, "account-banner");
    // "Later" hides it for this tab; the account page is a click on one's name.
    await p.getByTestId("setup-later").click();
    await expectCount(banner, 0);
    await p.getByTestId("nav-overview").click();
    await expectCount(banner, 0);
    await p.getByTestId("reviewer-name").click();
    await p.waitForURL(/\/account$/);
    await p.getByRole("heading", { name: "Your account" }).waitFor();
    await p.getByTestId("sign-in-state").getByText("one-time link only").waitFor();
  });

  test("sets a password (the two must agree) and an authenticator from the QR code's key", async () => {
    const p = ines.page;
    const card = p.getByTestId("password-card");
    await card.getByText("not set").waitFor();
    await p.getByTestId("new-password").fill(PASSWORD);
    await p.getByTestId("repeat-password").fill(`${PASSWORD}!`);
    await p.getByTestId("save-password").click();
    await card.getByRole("alert").getByText("The two passwords are not the same.").waitFor();
    // The server's rule is the one that counts: too short is its 400, shown as it says.
    await p.getByTestId("new-password").fill("short");
    await p.getByTestId("repeat-password").fill("short");
    await p.getByTestId("save-password").click();
    await card.getByRole("alert").getByText(/12 to 128 characters/).waitFor();
    await p.getByTestId("new-password").fill(PASSWORD);
    await p.getByTestId("repeat-password").fill(PASSWORD);
    await p.getByTestId("save-password").click();
    await card.getByText("set", { exact: true }).waitFor();
    // Changing it now takes the current one.
    await p.getByTestId("current-password").waitFor();

    await p.getByTestId("start-authenticator").click();
    const qr = p.getByTestId("totp-qr").getByRole("img");
    await qr.waitFor();
    assert.ok((await p.getByTestId("totp-qr").locator("path").getAttribute("d")).length > 1000, "the QR code is drawn");
    const shown = (await p.getByTestId("totp-secret").textContent()).trim();
    assert.match(shown, /^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/, `the key in groups of four: ${shown}`);
    assert.equal(shown.replace(/ /g, "").length, 32, "a 160-bit key is 32 base32 characters");
    await shots(p, "account-authenticator");
    const { unnamed } = await unnamedControls(p);
    assert.deepEqual(unnamed, [], "every control of the account page has a name");

    authenticator = new Authenticator(shown);
    // A wrong code is refused and nothing changes.
    const now = totp(authenticator.key, Math.floor(Date.now() / 30_000));
    await p.getByTestId("confirm-code").fill(String((Number(now) + 500_000) % 1_000_000).padStart(6, "0"));
    await p.getByTestId("confirm-authenticator").click();
    await p.getByTestId("authenticator-card").getByRole("alert").getByText(/not the authenticator's code/).waitFor();
    await p.getByTestId("confirm-code").fill(await authenticator.code());
    await p.getByTestId("confirm-authenticator").click();
    await p.getByTestId("authenticator-card").getByText("2FA on").waitFor();
    await p.getByTestId("sign-in-state").getByText("password and 2FA on").waitFor();
    await p.getByTestId("nav-overview").click();
    await expectCount(p.getByTestId("setup-banner"), 0);
    await p.getByTestId("reviewer-name").click();
    await shots(p, "account-ready");
  });

  test("signs out, is refused a wrong password like any wrong name, and signs in with name, password and code", async () => {
    const p = ines.page;
    await p.getByTestId("sign-out").click();
    await p.waitForURL(/\/sign-in$/);
    await p.getByTestId("sign-in-form").waitFor();
    assert.equal(await p.evaluate(() => document.activeElement?.getAttribute("data-testid")), "sign-in-name", "the name field has focus");
    const { unnamed } = await unnamedControls(p);
    assert.deepEqual(unnamed, [], "every control of the sign-in page has a name");
    await shots(p, "sign-in");

    // A page of the console without a session comes here and goes back after.
    await p.goto(`${docket.url}/reviewers`);
    await p.waitForURL(/\/sign-in\?next=%2Freviewers$/);
    // A wrong password fails before the code is looked at: any six digits do.
    await signIn(p, INES, "not my password at all", "123456");
    const error = p.getByTestId("sign-in-error");
    await error.getByText("The name, password or code is not right").waitFor();
    assert.equal(await p.evaluate(() => document.activeElement?.getAttribute("data-testid")), "sign-in-password", "focus returns to the password");
    assert.equal(await p.getByTestId("sign-in-code").inputValue(), "", "the used code is cleared");
    await shots(p, "sign-in-refused");
    await signIn(p, "Nobody By This Name", PASSWORD, "123456");
    await error.getByText("The name, password or code is not right").waitFor();

    await signIn(p, INES.toLowerCase(), PASSWORD, await authenticator.code());
    await p.waitForURL(/\/reviewers$/);
    await p.getByTestId("reviewer-chip").getByText(INES).waitFor();
    assert.equal((await whoAmI(p)).name, INES);
  });

  test("sees their sessions, this one marked, and ends one in another browser", async () => {
    const other = await open();
    await other.page.goto(docket.url);
    await other.page.waitForURL(/\/sign-in$/);
    await signIn(other.page, INES, PASSWORD, await authenticator.code());
    await other.page.getByTestId("reviewer-chip").getByText(INES).waitFor();

    const p = ines.page;
    await p.getByTestId("reviewer-name").click();
    const rows = p.getByTestId("my-sessions").getByTestId("session-row");
    await expectCount(rows, 2);
    const mine = rows.filter({ hasText: "this browser" });
    await expectCount(mine, 1);
    await mine.getByText("Password and code").waitFor();
    await mine.getByText("127.0.0.1").waitFor();
    await mine.getByText(/Headless Chrome \d+ on Linux/).waitFor();
    assert.equal(await mine.getByTestId("end-session").count(), 0, "this session is ended by signing out");
    await shots(p, "account-sessions");

    await rows.filter({ hasNotText: "this browser" }).getByTestId("end-session").click();
    await p.getByTestId("confirm-end-session").click();
    await expectCount(rows, 1);
    // The other browser is signed out: its next request finds no session.
    await other.page.reload();
    await other.page.waitForURL(/\/sign-in$/);
    await other.context.close();
  });

  test("too many failures: the page says when to try again and waits", async () => {
    const s = await open();
    await s.page.goto(`${docket.url}/sign-in`);
    // Five failures lock an account (a name that exists or not) for 15 minutes.
    for (let i = 0; i < 5; i++) {
      await signIn(s.page, "Mallory Guess", `guess number ${i} of many`, "000000");
      await s.page.getByTestId("sign-in-error").getByText("not right").waitFor();
    }
    await signIn(s.page, "Mallory Guess", "guess number 6 of many", "000000");
    await s.page.getByTestId("sign-in-error").getByText(/^Too many failed sign-ins\. Try again in 15 minutes \(at [^)]+\)\.$/).waitFor();
    assert.equal(await s.page.getByTestId("sign-in-submit").isDisabled(), true, "the button waits too");
    await shots(s.page, "sign-in-wait");
    await s.context.close();
  });
});

describe("an admin's hold on accounts", () => {
  test("changes a role after confirming, and never offers links for the owner or oneself", async () => {
    const p = owner.page;
    await p.getByTestId("nav-reviewers").click();
    const row = p.getByTestId("reviewer-row").filter({ hasText: INES });
    await row.getByText("2FA on").waitFor();
    await row.getByText("password", { exact: true }).waitFor();
    const self = p.getByTestId("reviewer-row").filter({ hasText: "owner" });
    assert.equal(await self.getByTestId("new-link").count(), 0, "no link for the owner (and the admin is the owner here)");
    assert.equal(await self.getByTestId("reviewer-role-select").count(), 0, "no role change for the owner");
    assert.equal(await self.getByTestId("remove-reviewer").count(), 0);

    await row.getByTestId("reviewer-role-select").selectOption("senior");
    await p.getByTestId("confirm-role").click();
    await p.getByTestId("toast").getByText(`${INES} is now a senior reviewer`).waitFor();
    assert.equal((await whoAmI(ines.page)).role, "senior", "the role applies from her next request");
    // On the organization's production audit chain, with who made it.
    await p.getByTestId("env-production").click();
    await p.getByTestId("nav-audit").click();
    const event = p.getByTestId("audit-row").filter({ hasText: `${INES} · reviewer → senior reviewer` });
    await event.getByText("Reviewer role changed", { exact: false }).waitFor();
    await p.getByTestId("audit-row").filter({ hasText: "with password and code · from 127.0.0.1" }).first().waitFor();
    await p.getByTestId("audit-row").filter({ hasText: "wrong password" }).first().waitFor();
    await shots(p, "audit-accounts");
    await p.getByTestId("env-sandbox").click();
    await p.getByTestId("nav-reviewers").click();

    // A link for someone with a password is a reset: the admin is told before.
    await row.getByRole("button", { name: `Reset the sign-in of ${INES}` }).click();
    const dialog = p.getByRole("dialog", { name: `Reset ${INES}'s sign-in?` });
    await dialog.getByText("deletes their password and authenticator and signs them out everywhere").waitFor();
    await screenshot(p, "reviewers-reset-warning");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    assert.equal((await whoAmI(ines.page)).name, INES, "cancelled: her session goes on");
  });

  test("sees everyone's sessions and removes a reviewer: their session ends, their name stays apart", async () => {
    const tom = await open(await docket.addReviewer(TOM, "reviewer"));
    await tom.page.getByTestId("reviewer-chip").getByText(TOM).waitFor();

    const p = owner.page;
    await p.reload();
    const sessionsCard = p.getByTestId("sessions-card");
    await sessionsCard.getByTestId("session-row").filter({ hasText: TOM }).getByText("One-time link").waitFor();
    await sessionsCard.getByTestId("session-row").filter({ hasText: INES }).first().waitFor();
    await shots(p, "reviewers-admin");

    const row = p.getByTestId("reviewer-row").filter({ hasText: TOM });
    await row.getByTestId("remove-reviewer").click();
    const dialog = p.getByRole("dialog", { name: `Remove ${TOM}?` });
    await dialog.getByText("they can never sign in again").waitFor();
    await p.getByTestId("confirm-remove").click();
    await p.getByTestId("removed-reviewers").getByTestId("removed-row").filter({ hasText: TOM }).waitFor();
    await expectCount(p.getByTestId("reviewer-row").filter({ hasText: TOM }), 0);
    await expectCount(sessionsCard.getByTestId("session-row").filter({ hasText: TOM }), 0);
    await tom.page.reload();
    await tom.page.waitForURL(/\/sign-in$/);
    await shots(p, "reviewers-removed");
  });

  test("a senior sees the team without an admin's controls, and a refusal says why", async () => {
    const p = ines.page;
    await p.getByTestId("nav-reviewers").click();
    await p.getByTestId("reviewers-table").waitFor();
    assert.equal(await p.getByTestId("add-reviewer").count(), 0);
    assert.equal(await p.getByTestId("reviewer-role-select").count(), 0);
    assert.equal(await p.getByTestId("remove-reviewer").count(), 0);
    assert.equal(await p.getByTestId("sessions-card").count(), 0, "everyone's sessions are an admin's");
    const refused = await consoleCall(p, "GET", "/_docket/sessions");
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /only an admin may/);
    // The owner's refused-requests tab is not offered.
    await p.getByTestId("nav-requests").click();
    await p.getByTestId("requests-table").or(p.getByTestId("empty-state")).first().waitFor();
    assert.equal(await p.getByTestId("requests-tabs").count(), 0);
  });
});

describe("requests refused for want of a credential", () => {
  test("the owner sees them per source address with the latest", async () => {
    for (const key of ["not-a-key-1", "not-a-key-2", "not-a-key-3"]) {
      const response = await fetch(`${docket.url}/api/v3/applicants?probe=${key}`, { headers: { "ds-api-token": key } });
      assert.equal(response.status, 401);
    }
    const p = owner.page;
    await p.getByTestId("nav-requests").click();
    await p.getByTestId("tab-refused").click();
    await p.waitForURL(/view=refused/);
    const row = p.getByTestId("refused-row").filter({ hasText: "127.0.0.1" });
    await row.getByText("/api/v3/applicants").first().waitFor();
    const count = Number((await row.locator("td").nth(1).textContent()).replace(/\D/g, ""));
    assert.ok(count >= 3, `at least the three refused here: ${count}`);
    await p.getByTestId("refused-total").getByText(/requests refused/).waitFor();
    await shots(p, "requests-refused");
  });
});
