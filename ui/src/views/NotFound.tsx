import { Link } from "react-router";
import { Empty } from "../components/States";

export function NotFound() {
  return (
    <Empty title="There is no page here.">
      <Link to="/">Go to the overview</Link>
    </Empty>
  );
}
