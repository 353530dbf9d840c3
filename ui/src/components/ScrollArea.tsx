// A table's frame that scrolls sideways when the table is wider than the page, and says so: a
// shadow on the side with more to see, a hint under it, and (for keyboards and screen readers)
// a focusable region named after the table.
import { type ReactNode, useEffect, useRef, useState } from "react";

/** Which sides have more to scroll to, from the scroller's measures. */
export function hiddenSides(scrollLeft: number, clientWidth: number, scrollWidth: number): { left: boolean; right: boolean } {
  // A pixel of rounding (zoom, fractional widths) is not more to see.
  return { left: scrollLeft > 1, right: scrollLeft + clientWidth < scrollWidth - 1 };
}

export function ScrollArea({ label, flat = false, children }: { label: string; flat?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [sides, setSides] = useState({ left: false, right: false });
  useEffect(() => {
    const scroller = ref.current;
    if (!scroller) return;
    const measure = () => {
      const next = hiddenSides(scroller.scrollLeft, scroller.clientWidth, scroller.scrollWidth);
      setSides((was) => (was.left === next.left && was.right === next.right ? was : next));
    };
    measure();
    scroller.addEventListener("scroll", measure, { passive: true });
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    resized?.observe(scroller);
    if (scroller.firstElementChild) resized?.observe(scroller.firstElementChild);
    return () => {
      scroller.removeEventListener("scroll", measure);
      resized?.disconnect();
    };
  }, []);
  const scrolls = sides.left || sides.right;
  const frame = ["scroll-frame", sides.left ? "more-left" : "", sides.right ? "more-right" : ""].filter(Boolean).join(" ");
  return (
    <>
      <div className={frame}>
        <div
          ref={ref}
          className={flat ? "table-wrap flat" : "table-wrap"}
          role={scrolls ? "region" : undefined}
          aria-label={scrolls ? `${label}, scrolls sideways` : undefined}
          tabIndex={scrolls ? 0 : undefined}
          data-testid="scroll-area"
        >
          {children}
        </div>
      </div>
      {scrolls && (
        <p className="scroll-hint muted small" aria-hidden="true" data-testid="scroll-hint">
          {sides.right ? "More columns to the right: scroll sideways (Shift + wheel, or focus the table and use ← →)." : "Scrolled to the end: more columns to the left."}
        </p>
      )}
    </>
  );
}
