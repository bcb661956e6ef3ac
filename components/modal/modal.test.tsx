import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Modal } from "./modal";

function Harness({ onConfirm, title, continueLabel }: { onConfirm?: () => void; title?: string; continueLabel?: string }) {
  const [open, setOpen] = useState(false);
  const [continued, setContinued] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <p>Continued {continued}</p>
      <Modal
        open={open}
        title={title}
        message="Consult a professional for recent loss."
        continueLabel={continueLabel}
        onContinue={() => {
          setContinued((n) => n + 1);
          setOpen(false);
        }}
        onConfirm={onConfirm}
      />
    </>
  );
}

describe("Modal", () => {
  it("renders nothing while closed", () => {
    render(<Harness />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("opens named by its default title, described by its message, with focus on Continue", async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={() => undefined} />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Important Information" });
    expect(dialog).toHaveAccessibleDescription("Consult a professional for recent loss.");
    expect(screen.getByRole("button", { name: "Continue" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Confirm" })).toBeInTheDocument();
  });

  it("Continue closes it and gives focus back to the control that opened it", async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={() => undefined} />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByText("Continued 1")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open" })).toHaveFocus();
  });

  it("Escape (the dialog's cancel event) counts as Continue", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    const cancel = new Event("cancel", { cancelable: true });
    fireEvent(screen.getByRole("dialog"), cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByText("Continued 1")).toBeInTheDocument();
  });

  it("Confirm calls its handler; without one there is no Confirm button (a one-button 'Done' modal)", async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const { unmount } = render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    unmount();

    render(<Harness title="Prescription Submitted" continueLabel="Done" />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByRole("dialog", { name: "Prescription Submitted" })).toBeInTheDocument();
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Open", "Done"]);
  });
});
