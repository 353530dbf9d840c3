import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SignIn } from "./SignIn";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The sign-in page at `/sign-in?next=/kyb/1`, with the server answering the sign-in with `answer`. */
function page(answer: () => Response) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === "/_docket/me") return new Response('{"message":"the console session is not valid"}', { status: 401 });
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
      return answer();
    }),
  );
  const router = createMemoryRouter(
    [
      { path: "/sign-in", element: <SignIn /> },
      { path: "*", element: <p>console</p> },
    ],
    { initialEntries: ["/sign-in?next=%2Fkyb%2F1"] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router };
}

function fill(name: string, password: string, code: string) {
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: name } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Authenticator code"), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("the sign-in page", () => {
  it("signs in and goes back to where the console was", async () => {
    const { calls, router } = page(() => new Response(null, { status: 204 }));
    fill(" Ada Okafor ", "a long passphrase of mine", "123 456");
    await waitFor(() => expect(router.state.location.pathname).toBe("/kyb/1"));
    expect(calls).toEqual([{ path: "/_docket/console/sign-in", body: { name: "Ada Okafor", password: "a long passphrase of mine", code: "123456", organization: null } }]);
  });

  it("says a wrong name, password or code alike, clears the used code and returns to the password", async () => {
    page(() => new Response('{"message":"the name, password or code is not right"}', { status: 401 }));
    fill("Ada Okafor", "not it", "123456");
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "The name, password or code is not right. Check them and type the code your app shows now.");
    expect((screen.getByLabelText("Authenticator code") as HTMLInputElement).value).toBe("");
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
  });

  it("after too many failures says when to try again, and waits that long", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    page(() => new Response('{"message":"too many failed sign-ins: try again later"}', { status: 429, headers: { "retry-after": "120" } }));
    fill("Ada Okafor", "not it", "123456");
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Too many failed sign-ins\. Try again in 2 minutes \(at .+\)\.$/);
    const button = screen.getByRole("button", { name: "Sign in" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(120_000);
    });
    expect(button.disabled).toBe(false);
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  it("does not send a form without a six-digit code", async () => {
    const { calls } = page(() => new Response(null, { status: 204 }));
    fill("Ada Okafor", "a long passphrase of mine", "12345");
    expect((await screen.findByRole("alert")).textContent).toBe("Type the 6-digit code your authenticator app shows now.");
    expect(document.activeElement).toBe(screen.getByLabelText("Authenticator code"));
    expect(calls).toEqual([]);
  });
});
