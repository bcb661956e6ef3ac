// Small formatting helpers for the bench's console report.

/** @typedef {string | number | null | undefined} Cell A table cell: null and undefined print as "-". */

/**
 * Columns padded to their widest cell; a column whose every cell is a number (or reads as one,
 * "12.5 ms") is right-aligned.
 * @param {string[]} headers
 * @param {Cell[][]} rows
 */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => (cell === null || cell === undefined ? "-" : String(cell))));
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  const numeric = headers.map((_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === "number" || /^[-+]?[\d.,]+( ?[a-zA-Z%×]+)?$/.test(String(row[column] ?? "-")) || row[column] == null));
  /** @param {string[]} row */
  const line = (row) => row.map((cell, column) => (numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join("  ").trimEnd();
  return [line(headers), widths.map((width) => "-".repeat(width)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

/** @param {string} text */
export function heading(text) {
  console.log(`\n== ${text} ${"=".repeat(Math.max(0, 76 - text.length))}`);
}

/**
 * A finite number to `digits` places; anything else "-".
 * @param {unknown} value
 */
export const fixed = (value, digits = 0) => (typeof value === "number" && Number.isFinite(value) ? value.toFixed(digits) : "-");
/**
 * Bytes as KB to one place; anything else "-".
 * @param {unknown} bytes
 */
export const kb = (bytes) => (typeof bytes === "number" ? (bytes / 1024).toFixed(1) : "-");
