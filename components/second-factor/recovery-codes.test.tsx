import { render, screen } from "@testing-library/react";
import { RecoveryCodes } from "./recovery-codes";

describe("RecoveryCodes", () => {
  it.each([2, 4] as const)("names its region by a level-%i heading and lists every code", (level) => {
    render(<RecoveryCodes codes={["abcd-efgh", "ijkl-mnop"]} headingLevel={level} />);
    const region = screen.getByRole("region", { name: "Your recovery codes" });
    expect(screen.getByRole("heading", { level, name: "Your recovery codes" })).toBeInTheDocument();
    expect(region).toHaveTextContent("abcd-efgh");
    expect(region).toHaveTextContent("ijkl-mnop");
  });
});
