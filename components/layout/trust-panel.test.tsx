import { render, screen } from "@testing-library/react";
import { TrustPanel } from "./trust-panel";

const configured = {
  gphcPremisesNumber: "9012345",
  superintendentPharmacist: "Priya Shah MRPharmS",
  cqcRegistration: "1-234567890",
  companyName: "Hairline Clinic Ltd",
  companyNumber: "12345678",
  companyAddress: "1 Example Street, London, EC1A 1AA",
  placeholders: [],
};

describe("TrustPanel", () => {
  it("shows the configured regulatory details with links to check them", () => {
    render(<TrustPanel compliance={configured} id="t" />);
    expect(screen.getByRole("region", { name: "Registered and regulated" })).toHaveTextContent("9012345");
    expect(screen.getByText("Priya Shah MRPharmS")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Check the GPhC register/ })).toHaveAttribute("href", "https://www.pharmacyregulation.org/registers");
    expect(screen.queryByText(/Placeholder/)).not.toBeInTheDocument();
  });

  it("marks an unset value as a placeholder and offers no link to check it", () => {
    render(<TrustPanel compliance={{ ...configured, gphcPremisesNumber: "[Placeholder: set GPHC_PREMISES_NUMBER]", placeholders: ["gphcPremisesNumber"] }} id="t" />);
    const mark = screen.getByText("[Placeholder: set GPHC_PREMISES_NUMBER]");
    expect(mark.tagName).toBe("MARK");
    expect(screen.queryByRole("link", { name: /GPhC register/ })).not.toBeInTheDocument();
  });

  it("is plain content under its heading, not a second landmark, when a page repeats it", () => {
    render(<TrustPanel compliance={configured} headingLevel={3} landmark={false} id="t" />);
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Registered and regulated" })).toBeInTheDocument();
    expect(screen.getByText("9012345")).toBeInTheDocument();
  });
});
