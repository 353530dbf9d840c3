// The console's routes, each view under one error boundary inside the frame. The sign-in page, the overview and applicants (the first views people
// open) are in the main bundle; the other views load on first visit, which keeps the start fast.
import type { RouteObject } from "react-router";
import { Layout } from "./components/Layout";
import { ViewError } from "./components/ViewError";
import { NotFound } from "./views/NotFound";
import { Overview } from "./views/Overview";
import { ApplicantDetail } from "./views/applicants/ApplicantDetail";
import { ApplicantEdit, ApplicantNew } from "./views/applicants/ApplicantForm";
import { Applicants } from "./views/applicants/Applicants";
import { SignIn } from "./views/SignIn";

export const routes: RouteObject[] = [
  // Outside the frame: without a session there is nothing to navigate to.
  { path: "/sign-in", element: <SignIn /> },
  {
    element: <Layout />,
    // A view that fails shows its error inside the frame: the navigation stays, the next
    // navigation clears it.
    children: [{ errorElement: <ViewError />, children: views() }],
  },
];

/** The views inside the frame. */
function views(): RouteObject[] {
  return [
    { path: "/", element: <Overview /> },
    { path: "/applicants", element: <Applicants /> },
    { path: "/applicants/new", element: <ApplicantNew /> },
    { path: "/applicants/:id", element: <ApplicantDetail /> },
    { path: "/applicants/:id/edit", element: <ApplicantEdit /> },
    { path: "/aml", lazy: async () => ({ Component: (await import("./views/aml/AmlSearch")).AmlSearch }) },
    { path: "/aml/history", lazy: async () => ({ Component: (await import("./views/aml/AmlHistory")).AmlHistory }) },
    { path: "/aml/entities/:uuid", lazy: async () => ({ Component: (await import("./views/aml/AmlEntity")).AmlEntity }) },
    { path: "/aml/lists", lazy: async () => ({ Component: (await import("./views/aml/Watchlists")).Watchlists }) },
    { path: "/verifications", lazy: async () => ({ Component: (await import("./views/verifications/Verifications")).Verifications }) },
    { path: "/verifications/profiles", lazy: async () => ({ Component: (await import("./views/verifications/Profiles")).Profiles }) },
    { path: "/verifications/:id", lazy: async () => ({ Component: (await import("./views/verifications/VerificationDetail")).VerificationDetail }) },
    { path: "/email", lazy: async () => ({ Component: (await import("./views/email/EmailChecks")).EmailChecks }) },
    { path: "/email/outbox", lazy: async () => ({ Component: (await import("./views/email/Outbox")).Outbox }) },
    { path: "/email/:id", lazy: async () => ({ Component: (await import("./views/email/EmailChecks")).EmailCheckDetail }) },
    { path: "/deepfake", lazy: async () => ({ Component: (await import("./views/deepfake/DeepfakeAnalyses")).DeepfakeAnalyses }) },
    { path: "/deepfake/:id", lazy: async () => ({ Component: (await import("./views/deepfake/DeepfakeAnalyses")).DeepfakeAnalysisDetail }) },
    { path: "/kyt", lazy: async () => ({ Component: (await import("./views/kyt/KytChecks")).KytChecks }) },
    { path: "/kyt/:id", lazy: async () => ({ Component: (await import("./views/kyt/KytChecks")).KytCheckDetail }) },
    { path: "/transmon", lazy: async () => ({ Component: (await import("./views/transmon/Events")).Events }) },
    { path: "/transmon/events/:id", lazy: async () => ({ Component: (await import("./views/transmon/Events")).EventDetail }) },
    { path: "/transmon/rules", lazy: async () => ({ Component: (await import("./views/transmon/Rules")).Rules }) },
    { path: "/transmon/backtest", lazy: async () => ({ Component: (await import("./views/transmon/Backtest")).Backtest }) },
    { path: "/webhooks", lazy: async () => ({ Component: (await import("./views/webhooks/Webhooks")).Webhooks }) },
    { path: "/webhooks/deliveries", lazy: async () => ({ Component: (await import("./views/webhooks/Deliveries")).Deliveries }) },
    { path: "/webhooks/deliveries/:id", lazy: async () => ({ Component: (await import("./views/webhooks/DeliveryView")).DeliveryView }) },
    { path: "/inbox", lazy: async () => ({ Component: (await import("./views/kyb/Approvals")).InboxView }) },
    { path: "/approvals", lazy: async () => ({ Component: (await import("./views/kyb/Approvals")).Approvals }) },
    { path: "/kyb", lazy: async () => ({ Component: (await import("./views/kyb/Queue")).Queue }) },
    { path: "/kyb/stuck", lazy: async () => ({ Component: (await import("./views/kyb/StuckChecks")).StuckChecks }) },
    { path: "/kyb/:id", lazy: async () => ({ Component: (await import("./views/kyb/CaseFile")).CaseFile }) },
    { path: "/audit", lazy: async () => ({ Component: (await import("./views/Audit")).Audit }) },
    { path: "/data", lazy: async () => ({ Component: (await import("./views/DataPrivacy")).DataPrivacy }) },
    { path: "/account", lazy: async () => ({ Component: (await import("./views/Account")).Account }) },
    { path: "/reviewers", lazy: async () => ({ Component: (await import("./views/Reviewers")).Reviewers }) },
    { path: "/requests", lazy: async () => ({ Component: (await import("./views/Requests")).Requests }) },
    { path: "*", element: <NotFound /> },
  ];
}
