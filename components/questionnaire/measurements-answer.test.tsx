import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MeasurementsAnswer } from "./measurements-answer";

function Harness({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <MeasurementsAnswer
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
      invalid={false}
      disabled={false}
    />
  );
}

describe("MeasurementsAnswer", () => {
  it("has a labelled height and weight and stores them as height;weight", async () => {
    const seen: string[] = [];
    render(<Harness onValue={(value) => seen.push(value)} />);
    await userEvent.type(screen.getByLabelText("Height (cm)"), "175");
    await userEvent.type(screen.getByLabelText("Weight (kg)"), "82.5");
    expect(seen.at(-1)).toBe("175;82.5");
    expect(screen.getByLabelText("Height (cm)")).toHaveValue("175");
    expect(screen.getByLabelText("Weight (kg)")).toHaveAttribute("inputmode", "decimal");
  });

  it("marks both inputs invalid and tied to the error when told", () => {
    render(<MeasurementsAnswer value="175;" onChange={() => {}} invalid describedBy="err" disabled={false} />);
    for (const label of ["Height (cm)", "Weight (kg)"]) {
      expect(screen.getByLabelText(label)).toHaveAttribute("aria-invalid", "true");
      expect(screen.getByLabelText(label)).toHaveAttribute("aria-describedby", "err");
    }
  });
});
