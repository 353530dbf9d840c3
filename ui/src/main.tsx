import "./style.css";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { ApiError } from "./api/client";
import { routes } from "./routes";
import { SessionProvider } from "./session";
import { ToastProvider } from "./components/Toasts";

/**
 * Any 401 means the console session ended (signed out elsewhere, ended by an admin, expired):
 * asking `/_docket/me` again lets the frame notice and go to the sign-in page. The sign-in form's
 * own 401s are wrong credentials, and say so themselves.
 */
function onUnauthorized(error: unknown, skip: boolean) {
  if (!skip && error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: ["me"] });
}

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => onUnauthorized(error, query.queryKey[0] === "me") }),
  mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => onUnauthorized(error, mutation.meta?.ownUnauthorized === true) }),
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      // A refusal will not change by asking again; a server that is down might come back.
      retry: (failures, error) => !(error instanceof ApiError && error.status > 0) && failures < 2,
      refetchOnWindowFocus: true,
    },
  },
});

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ToastProvider>
            <RouterProvider router={createBrowserRouter(routes)} />
          </ToastProvider>
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
