// Dialogs and the keyboard: focus goes to the first field when a dialog opens (not to ✕), and
// back to the button that opened it when it closes, however it closes.
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Confirm } from "./Confirm";
import { Dialog } from "./Dialog";

function WithForm({ mounted = false }: { mounted?: boolean }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Dialog open={open || mounted} title="Assign" onClose={() => setOpen(false)}>
      <p>Who takes the case?</p>
      <input type="hidden" name="case" value="KYB-1" />
      <label>
        Reviewer <select aria-label="Reviewer" />
      </label>
      <textarea aria-label="Note" />
      <button type="submit">Assign</button>
    </Dialog>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      {mounted ? open && dialog : dialog}
    </>
  );
}

/** Clicks a button as a person does: it takes focus first. */
function press(name: string) {
  const button = screen.getByRole("button", { name, hidden: true });
  button.focus();
  fireEvent.click(button);
}

describe("Dialog focus", () => {
  it("focuses the first field, not the close button, and gives focus back on ✕", () => {
    render(<WithForm />);
    press("Open");
    expect(document.activeElement).toBe(screen.getByLabelText("Reviewer"));
    press("Close");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open" }));
  });

  it("gives focus back when Escape closes it", () => {
    render(<WithForm />);
    press("Open");
    expect(document.activeElement).toBe(screen.getByLabelText("Reviewer"));
    fireEvent(screen.getByRole("dialog", { hidden: true }), new Event("cancel", { cancelable: true }));
    expect(screen.queryByLabelText("Reviewer")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open" }));
  });

  it("gives focus back when the dialog is unmounted rather than closed", () => {
    render(<WithForm mounted />);
    press("Open");
    expect(document.activeElement).toBe(screen.getByLabelText("Reviewer"));
    press("Close");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open" }));
  });

  it("without a field, focuses the first action (Cancel before the destructive one)", () => {
    function Revoke() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Revoke key
          </button>
          <Confirm open={open} title="Revoke the key?" action="Revoke" onConfirm={() => setOpen(false)} onClose={() => setOpen(false)} pending={false}>
            <p>Integrations using it stop working.</p>
          </Confirm>
        </>
      );
    }
    render(<Revoke />);
    press("Revoke key");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel", hidden: true }));
    press("Revoke");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Revoke key" }));
  });
});
