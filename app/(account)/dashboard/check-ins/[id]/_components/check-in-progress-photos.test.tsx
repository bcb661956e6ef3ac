import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CheckInProgressPhotos } from "./check-in-progress-photos";

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: "image/jpeg" });

function renderInForm(error?: string, onSaved?: () => void) {
  const result = render(
    <form aria-label="Check-in">
      <CheckInProgressPhotos error={error} disabled={false} onSaved={onSaved} />
    </form>,
  );
  return { ...result, form: screen.getByRole("form", { name: "Check-in" }) as HTMLFormElement };
}

describe("CheckInProgressPhotos", () => {
  afterEach(() => {
    document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
  });

  it("asks for the three views, each described by its framing guide", () => {
    renderInForm();
    const group = screen.getByRole("group", { name: "Your progress photos" });
    expect(group.querySelectorAll('input[type="file"]')).toHaveLength(3);
    expect(screen.getByLabelText("Hairline")).toHaveAccessibleDescription(/whole hairline and temples/);
    expect(screen.getByLabelText("Crown")).toHaveAccessibleDescription(/second mirror/);
    expect(screen.getByLabelText("Top of the head")).toHaveAccessibleDescription(/from above/);
  });

  it("names each missing view and sends nothing", async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    renderInForm();
    await userEvent.upload(screen.getByLabelText("Hairline"), jpeg("hairline.jpg"));
    await userEvent.click(screen.getByRole("button", { name: "Save these photos" }));
    expect(await screen.findByText("Add the photo of your crown.")).toBeInTheDocument();
    expect(screen.getByText("Add the photo of your top of the head.")).toBeInTheDocument();
    expect(screen.getByLabelText("Crown")).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's sentence when the check-in went without photos, marking the inputs", () => {
    renderInForm("Add your three progress photos (hairline, crown and top of the head) and save them before sending your check-in.");
    expect(screen.getByLabelText("Hairline")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Hairline")).toHaveAccessibleDescription(/Add your three progress photos/);
  });

  it("saves the set and puts its id in the check-in form", async () => {
    document.cookie = "XSRF-TOKEN=token";
    const fetchMock = jest.fn(() =>
      Promise.resolve({ ok: true, status: 201, json: () => Promise.resolve({ set: { id: "5b0e8f3c-63f5-4c5e-9d59-3b8f7b7f0a11", takenAt: "2026-11-26T09:00:00.000Z" }, message: "Your progress photos are saved." }) } as Response),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    const onSaved = jest.fn();
    const { form } = renderInForm("Add your three progress photos.", onSaved);
    await userEvent.upload(screen.getByLabelText("Hairline"), jpeg("hairline.jpg"));
    await userEvent.upload(screen.getByLabelText("Crown"), jpeg("crown.jpg"));
    await userEvent.upload(screen.getByLabelText("Top of the head"), jpeg("top.jpg"));
    await userEvent.click(screen.getByRole("button", { name: "Save these photos" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Your three photos of 26 November 2026 are saved");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/progress-photos");
    expect([...(init.body as FormData).keys()]).toEqual(["hairline", "crown", "top"]);
    expect(new FormData(form).get("progress_photo_set_id")).toBe("5b0e8f3c-63f5-4c5e-9d59-3b8f7b7f0a11");
    expect(screen.queryByText("Add your three progress photos.")).not.toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledTimes(1);
  });
});
