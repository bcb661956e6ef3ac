import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { londonToday } from "@/lib/format/dates";
import { prescriptionQuestionnaire } from "@/lib/questionnaire/definitions/prescription";
import type { Answers } from "@/lib/questionnaire/types";
import { QuestionnaireForm } from "./questionnaire-form";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
const RESPONSE_ID = "6f1c2a52-8d8e-4a47-9d3c-3f7c1e0b2a11";
const AFTER_SUBMIT = `/prescription/checkout?questionnaireId=${RESPONSE_ID}`;

type Reply = { status: number; body?: unknown };
let replies: Reply[] = [];
let fetchMock: jest.Mock;

function reply(...answers: Reply[]) {
  replies = answers;
}

beforeEach(() => {
  push.mockReset();
  localStorage.clear();
  replies = [];
  fetchMock = jest.fn(() => {
    const next = replies.shift();
    if (!next) return Promise.reject(new TypeError("Failed to fetch"));
    return Promise.resolve({ ok: next.status < 300, status: next.status, json: () => Promise.resolve(next.body ?? {}) } as Response);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

function renderStep(step: number, initialAnswers: Answers = {}, initialPhotos: { id: string; name: string }[] = [], signedIn = false) {
  const user = userEvent.setup();
  render(
    <QuestionnaireForm
      definition={prescriptionQuestionnaire}
      step={step}
      responseId={RESPONSE_ID}
      initialAnswers={initialAnswers}
      initialPhotos={initialPhotos}
      basePath="/prescription/questionnaire"
      afterSubmitPath={AFTER_SUBMIT}
      consultationPath="/consultation"
      apiBase="/api/questionnaires"
      signedIn={signedIn}
    />,
  );
  return user;
}

/** The [url, method, parsed JSON body] of each request sent. */
function requests() {
  return fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => [url, init.method, typeof init.body === "string" ? JSON.parse(init.body) : init.body]);
}

describe("QuestionnaireForm", () => {
  it("shows the question as the group's name, its section heading, and the progress", async () => {
    renderStep(1);
    expect(screen.getByRole("heading", { level: 2, name: "Personal Information" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Full Name" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Full Name" })).toHaveAttribute("autocomplete", "name");
    expect(screen.getByText("Step 1 of 20")).toBeInTheDocument();
    expect(await screen.findByText("Step 1 of 20", { selector: "[role='status']" })).toBeInTheDocument();
  });

  it("hides Previous on step 1 and links it to the step before from step 2", () => {
    renderStep(1);
    expect(screen.queryByRole("link", { name: "Previous" })).not.toBeInTheDocument();
  });

  it("links Previous to step - 1 on later steps, and labels the button Next", () => {
    renderStep(7);
    expect(screen.getByRole("link", { name: "Previous" })).toHaveAttribute("href", "/prescription/questionnaire/6");
    expect(screen.getByRole("button", { name: "Next" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 2 })).not.toBeInTheDocument();
  });

  it("labels the last step's button Submit", () => {
    renderStep(20);
    expect(screen.getByRole("button", { name: "Submit" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
    expect(screen.getByText("Step 20 of 20")).toBeInTheDocument();
  });

  it("refuses an unanswered single choice in the browser, linked to the group, focusing the first option", async () => {
    const user = renderStep(3);
    await user.click(screen.getByRole("button", { name: "Next" }));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Please select an answer.");
    expect(screen.getByRole("group", { name: "Gender" })).toHaveAccessibleDescription("Please select an answer.");
    expect(screen.getByRole("radio", { name: "Male" })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses an empty multi-select with the spec's message", async () => {
    const user = renderStep(9);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Select at least one option.");
  });

  it("saves the answer and goes to the step the server names, showing Saving... meanwhile", async () => {
    const user = renderStep(9);
    await user.click(screen.getByRole("checkbox", { name: "Other" }));
    await user.click(screen.getByRole("checkbox", { name: "Thinning" }));
    let release: (value: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await act(async () => release({ ok: true, status: 200, json: () => Promise.resolve({ outcome: { kind: "next", step: 10 } }) } as Response));
    expect(push).toHaveBeenCalledWith("/prescription/questionnaire/10");
    expect(requests()).toEqual([
      ["/api/questionnaires/" + RESPONSE_ID + "/steps/9", "PUT", { definition: "prescription", choice: ["Thinning", "Other"], text: "" }],
    ]);
    expect(fetchMock.mock.calls[0][1].headers).toMatchObject({ "X-XSRF-TOKEN": "test-xsrf-token" });
  });

  it("opens the modal on an ending branch: Continue stays on the step, Confirm goes to /consultation", async () => {
    const user = renderStep(11);
    await user.click(screen.getByRole("radio", { name: "<3 months" }));
    const ending = { status: 200, body: { outcome: { kind: "end", message: "Consult a professional for recent loss." } } };
    reply(ending);
    await user.click(screen.getByRole("button", { name: "Next" }));
    const dialog = await screen.findByRole("dialog", { name: "Important Information" });
    expect(dialog).toHaveTextContent("Consult a professional for recent loss.");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "<3 months" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Next" })).toHaveFocus();
    expect(push).not.toHaveBeenCalled();

    reply(ending);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirm" }));
    expect(push).toHaveBeenCalledWith("/consultation");
  });

  it("shows the server's 422 message as the validation line", async () => {
    const user = renderStep(2);
    await user.type(screen.getByRole("textbox", { name: "Date of Birth" }), "1990-05-20");
    reply({ status: 422, body: { message: "Please enter a valid date of birth.", errors: { text: ["Please enter a valid date of birth."] } } });
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter a valid date of birth.");
    expect(screen.getByRole("textbox", { name: "Date of Birth" })).toHaveFocus();
    expect(requests()[0]?.[2]).toEqual({ definition: "prescription", choice: null, text: "1990-05-20" });
  });

  it("offers the calendar input up to today, kept in step with the typed date", async () => {
    const user = renderStep(2, { 2: { choice: null, text: "1990-05-20" } });
    const picker = screen.getByLabelText("Or choose it from a calendar");
    expect(picker).toHaveAttribute("type", "date");
    expect(picker).toHaveAttribute("max", londonToday());
    expect(picker).toHaveValue("1990-05-20");
    await user.clear(screen.getByRole("textbox", { name: "Date of Birth" }));
    await user.type(screen.getByRole("textbox", { name: "Date of Birth" }), "2030-01-01");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter a valid date of birth.");
  });

  it("explains a 409 (already submitted) with a link onwards, and any other failure generically", async () => {
    const user = renderStep(3, { 3: { choice: "Male", text: "" } });
    reply({ status: 409, body: { message: "This questionnaire has already been submitted." } });
    await user.click(screen.getByRole("button", { name: "Next" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This questionnaire has already been submitted.");
    expect(within(alert).getByRole("link", { name: "Continue to checkout" })).toHaveAttribute("href", AFTER_SUBMIT);

    reply({ status: 500, body: { message: "Something went wrong on our side. Please try again." } });
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("We could not save your answer. Please try again."));
  });

  it("asks a signed-in patient whose session expired (401, or 403 once the cookie is gone) to sign in again, back to this step", async () => {
    const user = renderStep(14, { 14: { choice: null, text: "Regular shampoo" } }, [], true);
    reply({ status: 401, body: { message: "Your session has expired. Please sign in again to continue." } });
    await user.click(screen.getByRole("button", { name: "Next" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your session has expired. Please sign in again to continue");
    expect(alert).not.toHaveTextContent("We could not save your answer");
    expect(within(alert).getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/login?next=%2Fprescription%2Fquestionnaire%2F14");
    expect(push).not.toHaveBeenCalled();

    // Clicking again sends nothing (it would run as a guest) and shows the same line.
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(requests()).toHaveLength(1);
    expect(within(screen.getByRole("alert")).getByRole("link", { name: "Sign in again" })).toBeInTheDocument();
  });

  it("takes a 403 that survives the XSRF retry on a signed-in questionnaire for a lost session too", async () => {
    const user = renderStep(3, { 3: { choice: "Male", text: "" } }, [], true);
    const stale = { status: 403, body: { message: "Your session token has expired or is missing. Please refresh the page and try again." } };
    reply(stale, { status: 204 }, stale);
    await user.click(screen.getByRole("button", { name: "Next" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/login?next=%2Fprescription%2Fquestionnaire%2F3");
  });

  it("lets the optional text step 14 be left empty", async () => {
    const user = renderStep(14);
    expect(screen.getByText("Optional: you may leave this empty.")).toBeInTheDocument();
    reply({ status: 200, body: { outcome: { kind: "next", step: 15 } } });
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/prescription/questionnaire/15"));
    expect(requests()[0]?.[2]).toEqual({ definition: "prescription", choice: null, text: "" });
  });

  it("keeps a guest questionnaire's generic message for a 401 (no sign-in link)", async () => {
    const user = renderStep(3, { 3: { choice: "Male", text: "" } });
    reply({ status: 401, body: { message: "Unauthenticated." } });
    await user.click(screen.getByRole("button", { name: "Next" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We could not save your answer. Please try again.");
    expect(within(alert).queryByRole("link")).toBeNull();
  });

  it("prefills the step and keeps only the questionnaire id in localStorage", () => {
    renderStep(6, { 6: { choice: "Yes", text: "Finasteride 1 mg" } });
    expect(screen.getByRole("radio", { name: "Yes" })).toBeChecked();
    expect(screen.getByRole("textbox", { name: "Details (if yes, list the medicines you take)" })).toHaveValue("Finasteride 1 mg");
    expect({ ...localStorage }).toEqual({ questionnaireDataId: RESPONSE_ID });
  });

  it("uses the question's placeholder, default 'Please provide details'", () => {
    renderStep(4);
    expect(screen.getByRole("textbox", { name: "Details (optional)" })).toHaveAttribute("placeholder", "Please provide details");
  });

  it("submits on the last step, then goes to checkout", async () => {
    const user = renderStep(20);
    reply({ status: 200, body: { outcome: { kind: "submit" } } }, { status: 200, body: { message: "Submitted." } });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(AFTER_SUBMIT));
    expect(requests().map(([url, method]) => [url, method])).toEqual([
      [`/api/questionnaires/${RESPONSE_ID}/steps/20`, "PUT"],
      [`/api/questionnaires/${RESPONSE_ID}/submit`, "POST"],
    ]);
  });

  it("uploads a chosen photo, lists it, and removes it", async () => {
    const user = renderStep(20, {}, [{ id: "p1", name: "crown.jpg" }]);
    const input = screen.getByLabelText("Add photos");
    expect(input).toHaveAttribute("accept", "image/jpeg,image/png");
    reply({ status: 201, body: { photo: { id: "p2", name: "front.png" } } });
    await user.upload(input, new File(["png"], "front.png", { type: "image/png" }));
    const list = await screen.findByRole("list", { name: "Uploaded photos" });
    await waitFor(() => expect(within(list).getAllByRole("listitem").map((li) => li.firstChild?.textContent)).toEqual(["crown.jpg", "front.png"]));
    const [url, method, body] = requests()[0]!;
    expect([url, method]).toEqual([`/api/questionnaires/${RESPONSE_ID}/photos`, "POST"]);
    expect((body as FormData).get("photo")).toBeInstanceOf(File);

    reply({ status: 200, body: {} });
    await user.click(screen.getByRole("button", { name: "Remove crown.jpg" }));
    await waitFor(() => expect(screen.queryByText("crown.jpg")).not.toBeInTheDocument());
    expect(requests()[1]?.slice(0, 2)).toEqual([`/api/questionnaires/${RESPONSE_ID}/photos/p1`, "DELETE"]);
  });

  it("shows the server's message when a photo is refused", async () => {
    const user = renderStep(20);
    reply({ status: 415, body: { message: "Please upload a JPEG or PNG image." } });
    await user.upload(screen.getByLabelText("Add photos"), new File(["gif"], "fake.png", { type: "image/png" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please upload a JPEG or PNG image.");
    expect(screen.queryByRole("list", { name: "Uploaded photos" })).not.toBeInTheDocument();
  });
});
