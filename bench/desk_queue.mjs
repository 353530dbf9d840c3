// The KYB queue in Chromium, at two database sizes side by side (run by bench/desk.sh and
// bench/queue.sh): for each server, signed in once (a reviewer's browser, its cache warm after the
// first load), `--rounds` times, interleaved between the servers:
//   first_page   a new tab opens /kyb (the manual-review queue, most overdue first): navigation to
//                the first row shown with its total ("1–25 of N");
//   page_change  "Next ›": the click to the next page's rows drawn (the list's answer, then two
//                animation frames);
//   filter       "Checks: a check with a finding" chosen: likewise;
//   sort         the "Case" header clicked (by company name): likewise;
//   search       a person's last name typed into the search (a representative's, in about one
//                case in 40): the last key to the matching rows drawn (the field waits 250 ms
//                for typing to pause: that wait is counted, as a reviewer waits it too);
//   deep_page    a new tab opens /kyb?tab=all&page=N (N about half of all cases / 25): navigation
//                to the first row shown.
// Prints one JSON object: per server, the median and the worst of each, in milliseconds.
//
//   node bench/desk_queue.mjs --rounds 7 NAME,URL,CASES,LOGIN_LINK ...
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
// The browser suite's Playwright (tests/browser/node_modules): one install for both.
const { chromium } = createRequire(join(here, "..", "tests", "browser", "package.json"))("playwright-core");

const args = process.argv.slice(2);
let rounds = 7;
const servers = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--rounds") rounds = Number(args[++i]);
  else {
    const [name, url, cases, ...login] = args[i].split(",");
    servers.push({ name, url, login: login.join(","), cases: Number(cases), runs: { first_page: [], page_change: [], filter: [], sort: [], search: [], deep_page: [] } });
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

for (const s of servers) {
  s.context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await s.context.newPage();
  await page.goto(s.login);
  await page.getByTestId("reviewer-chip").waitFor({ timeout: 30_000 });
  // One load not counted: the console's scripts into the cache, as for a reviewer at work.
  await page.goto(`${s.url}/kyb`);
  await page.getByTestId("kyb-row").first().waitFor({ timeout: 30_000 });
  await page.close();
}

/** Does `act` and waits for the list's answer carrying `param`, then two frames: milliseconds. */
async function timed(page, param, act) {
  const answered = page.waitForResponse((r) => r.url().includes("/api/v4/kyb/verifications") && r.url().includes(param));
  const started = performance.now();
  await act();
  await answered;
  await frames(page);
  return performance.now() - started;
}

for (let round = 0; round < rounds; round++) {
  for (const s of servers) {
    const page = await s.context.newPage();
    let started = performance.now();
    await page.goto(`${s.url}/kyb`);
    await page.getByTestId("kyb-row").first().waitFor({ timeout: 30_000 });
    await page.getByTestId("pager-text").getByText(" of ").waitFor({ timeout: 30_000 });
    s.runs.first_page.push(performance.now() - started);
    s.runs.page_change.push(await timed(page, "page=1", () => page.getByRole("button", { name: "Next page" }).click()));
    s.runs.filter.push(await timed(page, "flag=hit", () => page.getByTestId("filter-flag").selectOption("hit")));
    s.runs.sort.push(await timed(page, "sort=company_name", () => page.getByTestId("sort-company_name").click()));
    await page.close();

    const searching = await s.context.newPage();
    await searching.goto(`${s.url}/kyb?tab=all`);
    await searching.getByTestId("kyb-row").first().waitFor({ timeout: 30_000 });
    s.runs.search.push(await timed(searching, "q=politikova", () => searching.getByTestId("filter-q").pressSequentially("politikova")));
    await searching.close();

    const deep = await s.context.newPage();
    const n = Math.max(0, Math.floor(s.cases / 2 / 25));
    started = performance.now();
    await deep.goto(`${s.url}/kyb?tab=all&page=${n}`);
    await deep.getByTestId("kyb-row").first().waitFor({ timeout: 30_000 });
    s.runs.deep_page.push(performance.now() - started);
    await deep.close();
  }
}
await browser.close();

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const out = {};
for (const s of servers) {
  out[s.name] = { cases: s.cases, rounds };
  for (const [what, xs] of Object.entries(s.runs)) out[s.name][what] = { median_ms: Math.round(median(xs) * 10) / 10, worst_ms: Math.round(Math.max(...xs) * 10) / 10 };
}
console.log(JSON.stringify(out));
