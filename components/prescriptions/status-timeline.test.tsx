import { render, screen, within } from "@testing-library/react";
import type { TimelineStep } from "@/lib/server/prescriptions/types";
import { StatusTimeline } from "./status-timeline";

const STEPS: TimelineStep[] = [
  { key: "submitted", label: "Submitted", detail: "Paid and sent to our prescribers.", state: "done", at: "2026-05-01T09:00:00.000Z" },
  { key: "in_review", label: "In review", detail: "A prescriber reviewed your answers.", state: "done", at: null },
  { key: "question", label: "Question for you", detail: "A prescriber has asked you a question. Please answer it.", state: "current", at: "2026-05-01T12:00:00.000Z" },
  { key: "decision", label: "Decision", detail: "A prescription, or a full refund.", state: "upcoming", at: null },
];

describe("StatusTimeline", () => {
  it("is an ordered list whose current step is marked by aria-current and by text, not colour alone", () => {
    render(<StatusTimeline steps={STEPS} label="Progress of request PR-ABC123" />);
    const list = screen.getByRole("list", { name: "Progress of request PR-ABC123" });
    expect(list.tagName).toBe("OL");
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.getAttribute("aria-current"))).toEqual([null, null, "step", null]);
    expect(items[0]).toHaveTextContent("Completed: Submitted");
    expect(items[2]).toHaveTextContent("Current step: Question for you");
    expect(items[3]).toHaveTextContent("Not yet: Decision");
    // Times in UK time (BST in May).
    expect(within(items[0]!).getByText("1 May 2026, 10:00")).toHaveAttribute("datetime", "2026-05-01T09:00:00.000Z");
  });

  it("compact: only the current step's detail, no times", () => {
    render(<StatusTimeline steps={STEPS} label="Progress" compact />);
    expect(screen.getByText("A prescriber has asked you a question. Please answer it.")).toBeInTheDocument();
    expect(screen.queryByText("Paid and sent to our prescribers.")).toBeNull();
    expect(screen.queryByText(/May 2026/)).toBeNull();
  });
});
