import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QuestionnaireGpStep } from "./questionnaire-gp-step";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const ID = "3f1c2a4e-1b2c-4d5e-8f90-123456789abc";
const GIVEN = { practiceName: "Oak Surgery", addressLine1: "1 Oak Lane", addressLine2: "", town: "Leeds", postcode: "LS1 4AP", email: "", consentToShare: false, updatedAt: "2026-11-26T03:00:00.000Z" };

describe("QuestionnaireGpStep", () => {
  it("for a GP-consent medicine, asks with the form open and says why and that no is allowed", () => {
    render(<QuestionnaireGpStep questionnaireId={ID} step="required" details={null} signedIn medicine="Mounjaro" />);
    expect(screen.getByRole("region", { name: "Your GP" })).toHaveTextContent("We ask because Mounjaro is a medicine your GP should know you take. You may say no");
    expect(screen.getByRole("textbox", { name: "Practice name" })).toBeVisible();
    expect(screen.queryByText("Add your GP now")).not.toBeInTheDocument();
  });

  it("elsewhere is optional and folded away until the patient opens it", async () => {
    render(<QuestionnaireGpStep questionnaireId={ID} step="optional" details={null} signedIn={false} />);
    expect(screen.getByRole("region", { name: "Your GP" })).toHaveTextContent("You can add it later from your account, once you have one.");
    expect(screen.getByRole("textbox", { name: "Practice name", hidden: true })).not.toBeVisible();
    await userEvent.click(screen.getByText("Add your GP now"));
    expect(screen.getByRole("textbox", { name: "Practice name" })).toBeVisible();
  });

  it("once answered, says what was chosen and offers the form to change it, filled in", () => {
    render(<QuestionnaireGpStep questionnaireId={ID} step="required" details={GIVEN} signedIn />);
    expect(screen.getByRole("note")).toHaveTextContent("You chose not to let us contact Oak Surgery.");
    expect(screen.getByText("Change your GP details")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Practice name", hidden: true })).toHaveValue("Oak Surgery");
    expect(screen.getByRole("radio", { name: "No, do not contact my GP", hidden: true })).toBeChecked();
  });

  it("saves to the questionnaire's GP endpoint, then refreshes the page", async () => {
    const fetchMock = jest.fn((url: string) =>
      Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(url.includes("/gp") ? { message: "Saved. We will tell Elm Surgery about the medicines we supply to you." } : {}) } as Response),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<QuestionnaireGpStep questionnaireId={ID} step="required" details={null} signedIn />);
    await userEvent.type(screen.getByRole("textbox", { name: "Practice name" }), "Elm Surgery");
    await userEvent.type(screen.getByRole("textbox", { name: "Address line 1" }), "2 Elm Road");
    await userEvent.type(screen.getByRole("textbox", { name: "Town or city" }), "York");
    await userEvent.type(screen.getByRole("textbox", { name: "Postcode" }), "YO1 7HH");
    await userEvent.click(screen.getByRole("radio", { name: "Yes, tell my GP" }));
    await userEvent.click(screen.getByRole("button", { name: "Save GP details" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Saved. We will tell Elm Surgery");
    const sent = fetchMock.mock.calls.find(([url]) => url.includes(`/api/questionnaires/${ID}/gp`));
    expect(sent).toBeDefined();
    expect(JSON.parse(String((sent as unknown as [string, RequestInit])[1].body))).toMatchObject({ practice_name: "Elm Surgery", postcode: "YO1 7HH", consent: "yes" });
    expect(refresh).toHaveBeenCalled();
  });
});
