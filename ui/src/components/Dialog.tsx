// A modal dialog on the native <dialog> element: focus trapping, Escape and the backdrop come free.
import { type ReactNode, useEffect, useRef } from "react";

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
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
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
