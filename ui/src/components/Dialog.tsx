// A modal dialog on the native <dialog> element: focus trapping, Escape and the backdrop come free.
// Focus goes to the dialog's first field (not ✕) and back to what opened it when it closes.
import { type ReactNode, useEffect, useRef } from "react";

/** What a dialog focuses when it opens: its first field, else its first control, else ✕. */
export function firstFocus(dialog: HTMLElement): HTMLElement | null {
  const usable = (selector: string) =>
    [...dialog.querySelectorAll<HTMLElement>(selector)].find((el) => !el.hasAttribute("disabled") && el.getAttribute("aria-hidden") !== "true" && !el.closest("[hidden]"));
  return (
    usable(".dialog-body [autofocus]") ??
    usable(".dialog-body input:not([type=hidden]), .dialog-body select, .dialog-body textarea") ??
    usable(".dialog-body button, .dialog-body a[href], .dialog-body [tabindex]:not([tabindex='-1'])") ??
    usable(".dialog-head button") ??
    null
  );
}

export function Dialog({ open, title, onClose, children, testId, wide = false }: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    // Kept before showModal moves focus: the button (or row) that opened the dialog.
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    firstFocus(dialog)?.focus();
    return () => {
      // Closed by its owner (still on the page) or unmounted with it (the browser closed it).
      if (dialog.isConnected && dialog.open) dialog.close?.();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
  return (
    <dialog ref={ref} className={wide ? "wide" : undefined} onClose={onClose} aria-label={title} data-testid={testId} onCancel={(e) => { e.preventDefault(); onClose(); }}>
      {open && (
        <>
          <header className="dialog-head">
            <h2>{title}</h2>
            <button type="button" className="ghost" onClick={onClose} aria-label="Close">
              ✕
            </button>
          </header>
          <div className="dialog-body">{children}</div>
        </>
      )}
    </dialog>
  );
}
