// The verdict of `npm audit --omit=dev --json` for CI (scripts/audit.mjs): production
// dependencies with a high or critical advisory fail the build. When the registry cannot
// answer advisory queries (this workplace's mirror answers 405), the audit was NOT performed,
// and the verdict says so rather than passing silently: its message starts "npm audit: NOT
// CHECKED", the line .ci/run prints again as the last line of CI's output.

/**
 * @param {string} output npm audit's JSON output
 * @returns {{ verdict: "pass" | "fail" | "not-checked", message: string, findings: { name: string, severity: string }[] }}
 */
export function auditVerdict(output) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    return { verdict: "not-checked", message: "npm audit: NOT CHECKED: npm audit did not answer with a report, so no advisory was looked up for the production dependencies.", findings: [] };
  }
  if (!report.vulnerabilities && !report.metadata) {
    const reason = report.message ?? report.error?.summary ?? "no report";
    return { verdict: "not-checked", message: `npm audit: NOT CHECKED: the registry did not answer the advisory query (${reason}), so no advisory was looked up for the production dependencies.`, findings: [] };
  }
  const findings = Object.values(report.vulnerabilities ?? {})
    .filter((entry) => entry.severity === "high" || entry.severity === "critical")
    .map((entry) => ({ name: entry.name, severity: entry.severity }));
  if (findings.length) {
    return { verdict: "fail", message: `npm audit: ${findings.length} production dependencies with high or critical advisories: ${findings.map((f) => `${f.name} (${f.severity})`).join(", ")}.`, findings };
  }
  const counts = report.metadata?.vulnerabilities ?? {};
  return { verdict: "pass", message: `npm audit: no high or critical advisories in production dependencies (low ${counts.low ?? 0}, moderate ${counts.moderate ?? 0}).`, findings };
}
