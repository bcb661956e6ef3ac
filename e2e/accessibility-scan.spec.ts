import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/fixtures";

// The scan every journey runs on each page it reaches (expectAccessible) must itself catch
// what it is there for: here on markup of the test's own, so nothing else can hide a miss.
test("the accessibility scan fails a page with WCAG violations and passes the same page mended", async ({ page }) => {
  const page_ = (image: string, field: string) =>
    `<!doctype html><html lang="en"><head><title>Scan check</title></head><body><main><h1>Scan check</h1>${image}${field}</main></body></html>`;
  await page.setContent(page_(`<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`, `<input type="text" name="postcode">`));
  const failure = await expectAccessible(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain("image-alt");
  expect(failure).toContain("label");

  await page.setContent(page_(`<img alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`, `<label>Postcode <input type="text" name="postcode"></label>`));
  await expectAccessible(page);
});
