"use client";

/** Opens the browser's print dialog; the page's print stylesheet leaves only the prescription. */
export function PrintButton() {
  return (
    <button type="button" className="button" onClick={() => window.print()}>
      Print
    </button>
  );
}
