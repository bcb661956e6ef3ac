// Small formatting helpers for the bench's console report.

export function table(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => (cell === null || cell === undefined ? "-" : String(cell))));
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column].length)));
  const numeric = headers.map((_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === "number" || /^[-+]?[\d.,]+( ?[a-zA-Z%×]+)?$/.test(String(row[column] ?? "-")) || row[column] == null));
  const line = (row) => row.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join("  ").trimEnd();
  return [line(cells[0]), widths.map((width) => "-".repeat(width)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

export function heading(text) {
  console.log(`\n== ${text} ${"=".repeat(Math.max(0, 76 - text.length))}`);
}

export const fixed = (value, digits = 0) => (typeof value === "number" && Number.isFinite(value) ? value.toFixed(digits) : "-");
export const kb = (bytes) => (typeof bytes === "number" ? (bytes / 1024).toFixed(1) : "-");
