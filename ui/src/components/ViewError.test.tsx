import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client";
import { routes } from "../routes";
import { describeError, ViewError } from "./ViewError";

afterEach(() => vi.restoreAllMocks());

function Boom(): never {
  throw new ApiError(500, "the database is locked", "req-7f3a");
}

function frame(children: RouteObject[], at: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <div>
            <nav aria-label="Sidebar">KYB cases</nav>
            <Outlet />
          </div>
        ),
        children: [{ errorElement: <ViewError />, children }],
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("a view that fails", () => {
  it("shows the message and request id inside the frame, and a way back", async () => {
    // React reports the thrown error on the console; the boundary is what is tested.
    vi.spyOn(console, "error").mockImplementation(() => {});
    frame(
      [
        { path: "/", element: <p>the overview</p> },
        { path: "/kyb/:id", element: <Boom /> },
      ],
      "/kyb/1",
    );
    expect(await screen.findByTestId("view-error")).toHaveProperty("textContent", expect.stringContaining("the database is locked"));
    expect(screen.getByTestId("view-error-request").textContent).toContain("req-7f3a");
    expect(screen.getByRole("navigation", { name: "Sidebar" })).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Overview" }));
    expect(await screen.findByText("the overview")).toBeTruthy();
  });

  it("says what a route error and a stale module mean", () => {
    expect(describeError(new TypeError("Failed to fetch dynamically imported module: /assets/CaseFile-1.js")).help).toMatch(/reload/);
    expect(describeError(new ApiError(404, "no such case", "r1"))).toMatchObject({ message: "no such case", requestId: "r1" });
    expect(describeError("odd").message).toBe("odd");
  });

  it("covers every view of the console's frame", () => {
    const framed = routes.find((r) => !r.path);
    const boundary = framed?.children?.[0];
    expect(framed?.children).toHaveLength(1);
    expect(boundary?.errorElement).toBeTruthy();
    expect(boundary?.children?.map((r) => r.path)).toEqual(expect.arrayContaining(["/", "/kyb", "/kyb/:id", "/audit", "*"]));
  });
});
