// A titled section of a view: a heading that names the region, optional actions beside it.
import { type ReactNode, useId } from "react";

export function Card({ title, children, actions, description, testId, className }: { title: ReactNode; children: ReactNode; actions?: ReactNode; description?: ReactNode; testId?: string; className?: string }) {
  const id = useId();
  return (
    <section className={`card${className ? ` ${className}` : ""}`} aria-labelledby={id} data-testid={testId}>
      <div className="card-head">
        <div>
          <h2 id={id}>{title}</h2>
          {description && <p className="muted small">{description}</p>}
        </div>
        {actions && <div className="card-actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

