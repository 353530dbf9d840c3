import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Hit } from "../../api/types";
import { HitExplanation } from "./parts";

// A Medium-risk entity whose match is High: the bug showed "Risk Medium" on the row and
// "Overall level High" in the explanation, two risk-like levels for one hit.
const hit = {
  uuid: "0190a000-0000-7000-8000-000000000001",
  type: "Person",
  risk_score: "Medium",
  tags: ["PEP"],
  fields: { names: [{ full_name: "Petra Politikova", primary: true }], sources: [] },
  search_metadata: {
    best_match_name: "Petra Politikova",
    name_match_percentage: 100,
    name_match_level: "FULL_MATCH",
    date_of_birth_matched: "NO_MATCH",
    country_matched: "FILTER_NOT_SET",
    gender_matched: "FILTER_NOT_SET",
    general_match_level: "HIGH",
    risk_profile_info: { id: "docket-default", name: "Docket default risk profile", version: 1 },
    explanation: {
      summary: "2 of 2 name tokens matched (2 exact); date of birth differs (listed: 1970-01-01)",
      query_name: "Petra Politikova",
      listed_name: "Petra Politikova",
      name: { score: 1, exact: true, matches: [], unmatched_query: [], unmatched_listed: [] },
      threshold: 0.75,
    },
  },
} as unknown as Hit;

describe("a hit's explanation", () => {
  it("shows one risk level, the entity's, and calls the match level the match's strength", () => {
    const router = createMemoryRouter([{ path: "*", element: <HitExplanation hit={hit} /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.queryByText("Overall level")).toBeNull();
    expect(screen.getByText("Match strength")).toBeTruthy();
    expect(screen.getByTestId("explanation-risk").textContent).toContain("Medium");
    expect(screen.getByTestId("explanation-risk").textContent).not.toContain("High");
  });
});
