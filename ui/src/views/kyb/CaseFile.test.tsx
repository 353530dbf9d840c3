// The case file in every state the API can send: checks running (pending checks have no
// evidence), errored checks, an empty draft, a merged person with outcomes, an erased case (404)
// and an erased document, each rendered inside the frame without breaking it.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../session";
import { CaseFile } from "./CaseFile";
import { caseDetail, check } from "./fixtures";
import type { CaseDetail } from "./types";

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

let previews: string[] = [];

function serve(answer: CaseDetail | Response, preview: () => Response = () => new Response(new Uint8Array([0xff, 0xd8]), { headers: { "X-Page-Count": "1" } })) {
  previews = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path.includes("/preview")) {
        previews.push(path);
        return preview();
      }
      if (path.startsWith("/api/v4/kyb/verifications/")) return answer instanceof Response ? answer : json(answer);
      if (path === "/_docket/me") return json({ reviewer: { id: "r1", name: "Ada", role: "reviewer" } });
      if (path === "/_docket/clock") return json({ now: "2026-10-20T10:00:00Z" });
      return json({ data: [] });
    }),
  );
  const router = createMemoryRouter([{ path: "/kyb/:id", element: <CaseFile /> }], { initialEntries: ["/kyb/0193a1b2-0000-7000-8000-000000000001"] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:page");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const pending = { state: "pending" as const, severity: null, verdict: null, completed_at: null, evidence: null };
const documents = [
  { file_id: "f1", kind: "certificate_of_incorporation", name: "certificate.pdf", media_type: "application/pdf", declared_type: "application/pdf", size: 2048, sha256: "a".repeat(64), uploaded_at: "2026-10-14T02:17:17Z" },
  { file_id: "f2", kind: "proof_of_address", name: "utility-bill.pdf", media_type: "application/pdf", declared_type: "application/pdf", size: 1024, sha256: "b".repeat(64), uploaded_at: "2026-10-14T02:17:17Z" },
] as CaseDetail["documents"];

describe("the case file renders every state", () => {
  it("checks running: pending checks without evidence", async () => {
    serve(
      caseDetail({
        status: "under_review",
        stage: "running_checks",
        risk_level: null,
        documents,
        checks: [check({ id: "r", type: "registry", ...pending }), check({ id: "x", type: "cross_check", ...pending }), check({ id: "a", type: "aml_person", subject: "person:0", ...pending }), check({ id: "s", type: "business_risk_score", ...pending })],
        checks_summary: { expected: 4, completed: 0, passed: 0, review: 0, failed: 0, errored: 0, checks: [] },
      }),
    );
    expect(await screen.findByTestId("comparison")).toBeTruthy();
    expect(within(screen.getByTestId("compare-legal_name")).getByTestId("declared").textContent).toBe("Spreewald Handel GmbH");
    expect(screen.getByTestId("risk-headline").textContent).toMatch(/^Not scored yet/);
    expect(screen.getAllByTestId("person-aml")[0]?.textContent).toContain("pending");
    fireEvent.click(screen.getByTestId("evidence-all"));
    expect(screen.getAllByText("Running: nothing found yet.").length).toBeGreaterThan(0);
    expect(screen.getByTestId("officers-none")).toBeTruthy();
  });

  it("errored checks: the error and no risk level", async () => {
    serve(
      caseDetail({
        status: "failed",
        stage: "manual_review",
        risk_level: null,
        checks: [check({ type: "registry", state: "error", severity: null, verdict: null, summary: "the registry did not answer (simulated outage)", evidence: { simulated: true } }), check({ id: "s", type: "business_risk_score", state: "error", severity: null, verdict: null, summary: "no risk level: registry could not run, and the model needs every check" })],
        checks_summary: { expected: 2, completed: 2, passed: 0, review: 0, failed: 0, errored: 2, checks: [{ type: "registry", status: "error", severity: null, verdict: "error" }] },
      }),
    );
    expect((await screen.findByTestId("risk-headline")).textContent).toBe("No risk level: registry could not run, and the model needs every check.");
    expect(screen.getByTestId("check-registry").textContent).toContain("the registry did not answer");
  });

  it("an empty draft: nothing declared, no document, no person", async () => {
    serve(caseDetail({ status: "draft", stage: "collecting_data", risk_level: null, form: { company: {}, representative: {}, ownership: { persons: [], companies: [] }, documents: {} } as unknown as CaseDetail["form"], persons: [], plan: [], checks_summary: null }));
    expect(await screen.findByText("Nothing declared yet.")).toBeTruthy();
    expect(screen.getByText("No document uploaded yet.")).toBeTruthy();
    expect(screen.getByText("No person declared yet.")).toBeTruthy();
    expect(screen.getByText("The checks run when the merchant submits.")).toBeTruthy();
  });

  it("a decided case: the mismatch with all three values, one row per person with outcomes, the risk in sentences", async () => {
    serve(
      caseDetail({
        documents,
        checks: [
          check({ id: "x", type: "cross_check", severity: "medium", verdict: "partial_match", evidence: { simulated: true, fields: { address: { declared: "12 Rue de la Paix, 75002 Paris", registry: "48 Rue de la Paix, 75002 Paris", result: "mismatch" }, officers: { declared: ["Jonas Review"], registry: ["Jonas Review"], result: "match" } }, documents: { address: { declared: "12 Rue de la Paix", found_in: ["utility-bill.pdf"], result: "match" } } } }),
          check({ id: "k", type: "kyc", subject: "person:0", severity: "medium", verdict: "needs_review", summary: "Jonas Review's document needs a closer look", evidence: { simulated: true, person: "Jonas Review" } }),
          check({ id: "s", type: "business_risk_score", severity: "medium", verdict: "medium_risk", evidence: { level: "medium", factors: [{ level: "medium", check: "kyc", reason: "Jonas Review's document needs a closer look" }] } }),
        ],
      }),
    );
    const address = await screen.findByTestId("compare-address");
    expect(address.dataset.mismatch).toBe("true");
    expect(within(address).getByTestId("registry").textContent).toContain("48 Rue de la Paix, 75002 Paris");
    expect(within(address).getByTestId("documents").textContent).toContain("utility-bill.pdf");
    expect(screen.getAllByTestId("person-row")).toHaveLength(2);
    expect(screen.getAllByTestId("person-row")[0]?.textContent).toContain("representative, director, shareholder");
    expect(screen.getAllByTestId("person-kyc")[0]?.textContent).toContain("Jonas Review's document needs a closer look");
    expect(screen.getByTestId("risk-factors").textContent).toContain("KYC: persons: Jonas Review's document needs a closer look.");
    expect(screen.getByTestId("officer-matched").textContent).toContain("Jonas Review");
    // The person's evidence opens the identity check's evidence, by name.
    fireEvent.click(screen.getByTestId("person-evidence-kyc"));
    const panel = await screen.findByTestId("evidence-panel-kyc");
    expect(panel.textContent).toContain("Jonas Review");
    expect(panel.textContent).not.toContain("person 0");
    // Find marks the address on the proof of address.
    fireEvent.click(within(address).getByTestId("find-address"));
    await waitFor(() => expect(previews.at(-1)).toContain("/documents/f2/preview?page=1"));
    expect(previews.at(-1)).toContain("find=Wiener%20Strasse%2017");
  });

  it("an erased case: the API's 404 with its request id", async () => {
    serve(json({ message: "no such KYB verification" }, 404, { "x-request-id": "req-erased-1" }));
    expect(await screen.findByText("no such KYB verification")).toBeTruthy();
    expect(screen.getByText(/req-erased-1/)).toBeTruthy();
  });

  it("an erased document: the viewer says so, the case file stays", async () => {
    serve(caseDetail({ documents }), () => json({ message: "no such document" }, 404));
    expect(await screen.findByText(/The preview could not be made: no such document/)).toBeTruthy();
    expect(screen.getByTestId("comparison")).toBeTruthy();
  });
});
