// The CI audit's verdict on npm audit's JSON (scripts/lib/audit-verdict.mjs).
import { auditVerdict } from "./audit-verdict.mjs";

const report = (vulnerabilities: Record<string, { name: string; severity: string }>, counts: Record<string, number> = {}) =>
  JSON.stringify({ auditReportVersion: 2, vulnerabilities, metadata: { vulnerabilities: counts } });

describe("auditVerdict", () => {
  it("fails on a high or critical advisory and names the packages", () => {
    const result = auditVerdict(report({ a: { name: "a", severity: "high" }, b: { name: "b", severity: "critical" }, c: { name: "c", severity: "low" } }));
    expect(result.verdict).toBe("fail");
    expect(result.findings).toEqual([{ name: "a", severity: "high" }, { name: "b", severity: "critical" }]);
    expect(result.message).toContain("a (high), b (critical)");
  });

  it("passes with only low and moderate advisories, and counts them", () => {
    const result = auditVerdict(report({ c: { name: "c", severity: "moderate" } }, { low: 2, moderate: 1 }));
    expect(result).toMatchObject({ verdict: "pass", message: expect.stringContaining("low 2, moderate 1") });
  });

  it("says the dependencies were not checked when the registry cannot answer", () => {
    const result = auditVerdict(JSON.stringify({ message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk", method: "POST" }));
    expect(result.verdict).toBe("not-checked");
    expect(result.message).toMatch(/^npm audit: NOT CHECKED: .*405 Method Not Allowed/);
    expect(auditVerdict("not json")).toMatchObject({ verdict: "not-checked", message: expect.stringMatching(/^npm audit: NOT CHECKED: /) });
  });
});
