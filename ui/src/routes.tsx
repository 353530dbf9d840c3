import type { RouteObject } from "react-router";
import { Layout } from "./components/Layout";
import { NotFound } from "./views/NotFound";
import { Overview } from "./views/Overview";
import { ApplicantDetail } from "./views/applicants/ApplicantDetail";
import { ApplicantEdit, ApplicantNew } from "./views/applicants/ApplicantForm";
import { Applicants } from "./views/applicants/Applicants";
import { AmlSearch } from "./views/aml/AmlSearch";
import { AmlHistory } from "./views/aml/AmlHistory";
import { AmlEntity } from "./views/aml/AmlEntity";
import { Watchlists } from "./views/aml/Watchlists";
import { Webhooks } from "./views/webhooks/Webhooks";
import { Deliveries } from "./views/webhooks/Deliveries";
import { DeliveryView } from "./views/webhooks/DeliveryView";
import { Requests } from "./views/Requests";

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <Overview /> },
      { path: "/applicants", element: <Applicants /> },
      { path: "/applicants/new", element: <ApplicantNew /> },
      { path: "/applicants/:id", element: <ApplicantDetail /> },
      { path: "/applicants/:id/edit", element: <ApplicantEdit /> },
      { path: "/aml", element: <AmlSearch /> },
      { path: "/aml/history", element: <AmlHistory /> },
      { path: "/aml/entities/:uuid", element: <AmlEntity /> },
      { path: "/aml/lists", element: <Watchlists /> },
      { path: "/webhooks", element: <Webhooks /> },
      { path: "/webhooks/deliveries", element: <Deliveries /> },
      { path: "/webhooks/deliveries/:id", element: <DeliveryView /> },
      { path: "/requests", element: <Requests /> },
      { path: "*", element: <NotFound /> },
    ],
  },
];
