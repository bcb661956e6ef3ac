import { fireEvent, render, screen } from "@testing-library/react";
import { RouterLink } from "./router-link";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

beforeEach(() => push.mockReset());

function renderLink(props: Partial<Parameters<typeof RouterLink>[0]> = {}) {
  render(
    <RouterLink href="/minoxidil/quiz/2" className="button" {...props}>
      Previous
    </RouterLink>,
  );
  return screen.getByRole("link", { name: "Previous" });
}

describe("RouterLink", () => {
  it("renders an ordinary link with its href and attributes", () => {
    const link = renderLink();
    expect(link).toHaveAttribute("href", "/minoxidil/quiz/2");
    expect(link).toHaveClass("button");
  });

  it("moves with the App Router on a plain click, without a page load", () => {
    const link = renderLink();
    const clicked = fireEvent.click(link);
    expect(clicked).toBe(false); // default prevented: the browser does not load the page
    expect(push).toHaveBeenCalledWith("/minoxidil/quiz/2");
  });

  it.each([
    ["Ctrl", { ctrlKey: true }],
    ["Cmd", { metaKey: true }],
    ["Shift", { shiftKey: true }],
    ["Alt", { altKey: true }],
    ["the middle button", { button: 1 }],
  ])("leaves a click with %s to the browser (a new tab or window)", (_, init) => {
    const link = renderLink();
    const clicked = fireEvent.click(link, init);
    expect(clicked).toBe(true);
    expect(push).not.toHaveBeenCalled();
  });

  it("leaves links that open elsewhere to the browser", () => {
    const link = renderLink({ target: "_blank" });
    expect(fireEvent.click(link)).toBe(true);
    expect(push).not.toHaveBeenCalled();
  });

  it("lets the caller's onClick run first and cancel the navigation", () => {
    const onClick = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const link = renderLink({ onClick });
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(push).not.toHaveBeenCalled();
  });
});
