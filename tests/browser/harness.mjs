// Starts a real `docket serve --demo` on a free port and a headless Debian Chromium, signs the
// console in with the login link the server prints, and saves screenshots as test artifacts.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(here, "..", "..");
export const ARTIFACTS = join(ROOT, "tests", "artifacts", "browser");
export const SANDBOX_KEY = "browser-test-sandbox-key";
export const PRODUCTION_KEY = "browser-test-production-key";
/** The name of the machine's owner in the console (the reviewer `serve`'s link signs in). */
export const OWNER = "Zoë Ångström";
const BIN = process.env.DOCKET_BIN ?? join(ROOT, "target", "debug", "docket");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

/** Waits for the demo's KYB cases, whose history is played forward on the sandbox clock in the
 * background after the server answers: all of them there, and the clock back in real time. */
async function demoSeeded(url) {
  for (let i = 0; i < 240; i++) {
    const cases = await callApi(url, "GET", "/api/v4/kyb/verifications?limit=5").catch(() => null);
    const clock = await callApi(url, "GET", "/_docket/clock").catch(() => null);
    if (cases?.body?.total >= 42 && clock?.body?.mode === "real") return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the demo's KYB cases were not seeded within a minute");
}

/** A running `docket serve`: its base URL, its first login link and how to stop it. On a new data
 * directory, or on `dataDir` (one kept by an earlier `stop({ keep: true })`). */
export async function startDocket({ demo = true, env = {}, dataDir = mkdtempSync(join(tmpdir(), "docket-browser-")) } = {}) {
  const child = spawn(BIN, ["serve", ...(demo ? ["--demo"] : []), "--listen", "127.0.0.1:0", "--data-dir", dataDir], {
    // The machine's owner (whom `serve`'s login link signs in) is named after the OS user.
    env: { ...process.env, USER: OWNER, DOCKET_SANDBOX_API_KEY: SANDBOX_KEY, DOCKET_PRODUCTION_API_KEY: PRODUCTION_KEY, DOCKET_LOG: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  let url = null;
  let login = null;
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("docket serve printed no login link within 30 s")), 30_000);
    child.on("exit", (code) => reject(new Error(`docket serve exited early with ${code}`)));
    lines.on("line", (line) => {
      if (!url && line.startsWith("http")) url = line.trim();
      const match = /^Console: (\S+)/.exec(line);
      if (match) {
        login = match[1];
        clearTimeout(timer);
        resolve();
      }
    });
  });
  await ready;
  if (demo) await demoSeeded(url);
  return {
    url,
    login,
    dataDir,
    async stop({ keep = false } = {}) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
    /** A fresh one-time login link, as a user would get with `docket console link`. */
    async newLoginLink() {
      return printedLink(await run(BIN, ["console", "link", "--data-dir", dataDir, "--url", url]), "console link");
    },
    /** Adds a reviewer account with `docket reviewers add` and returns their one-time sign-in link. */
    async addReviewer(name, role = "reviewer") {
      const out = await run(BIN, ["reviewers", "add", name, "--role", role, "--data-dir", dataDir, "--url", url]);
      return printedLink(out, "reviewers add");
    },
  };
}

/** Runs the docket binary with arguments; resolves with its exit code and output, whatever the code. */
export function runDocket(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, out }));
  });
}

/**
 * The link a command printed. It prints the link on standard output and its words on standard
 * error; `run` joins the two in whatever order they arrive, so the link is found, not taken by
 * its place (now and then the last line was the words).
 */
function printedLink(out, command) {
  const link = out.split("\n").find((l) => l.startsWith("http"));
  if (!link) throw new Error(`docket ${command} printed no link: ${out}`);
  return link.trim();
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")}: ${out}`))));
  });
}

export async function launchBrowser() {
  // Playwright gives each launch a fresh temporary profile of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/** A page whose JavaScript errors fail the test that reads `errors`. */
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.setDefaultTimeout(10_000);
  return { context, page, errors };
}

/** Saves a screenshot of the view under tests/artifacts/browser/. */
export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  // Let the confirmations of earlier actions fade, so the view itself is what is pictured.
  await page.waitForFunction(() => !document.querySelector("[data-testid=toast]"), null, { timeout: 10_000 }).catch(() => {});
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** Calls the API with a key, as an integration would. */
export async function callApi(base, method, path, body, key = SANDBOX_KEY, userAgent = "docket-browser-tests") {
  const response = await fetch(base + path, {
    method,
    headers: { "ds-api-token": key, "user-agent": userAgent, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The controls in `main` without an accessible name (an aria-label, a label, a title or their text). */
export async function unnamedControls(page) {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll("main input:not([type=hidden]), main select, main textarea, main button, main a[href]")];
    const unnamed = all
      .filter((el) => {
        const named = el.getAttribute("aria-label") || el.getAttribute("aria-labelledby") || el.getAttribute("title");
        const labelled = "labels" in el && el.labels && el.labels.length > 0;
        const text = (el.textContent ?? "").trim();
        return !(named || labelled || (el.tagName !== "INPUT" && el.tagName !== "SELECT" && el.tagName !== "TEXTAREA" && text));
      })
      .map((el) => el.outerHTML.slice(0, 120));
    return { controls: all.length, unnamed };
  });
}

/** Who the page's console session is: `GET /_docket/me` from inside the page. */
export async function whoAmI(page) {
  return page.evaluate(async () => {
    const response = await fetch("/_docket/me", { headers: { "X-Docket-Environment": "sandbox" } });
    return (await response.json()).reviewer;
  });
}
