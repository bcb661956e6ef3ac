import { PRESCRIPTION_REFERENCE_SOURCE, REDACTED_REFERENCE, redactLogPath } from "./redact-log-path.mjs";

const REFERENCE = "RX-7K3Q-9DMW-T4HB";

describe("redactLogPath", () => {
  it("replaces a prescription reference wherever a route carries it", () => {
    expect(redactLogPath(`/rx/${REFERENCE}`)).toBe("/rx/RX-[redacted]");
    expect(redactLogPath(`/api/rx/${REFERENCE}/dispense`)).toBe("/api/rx/RX-[redacted]/dispense");
    expect(redactLogPath(`/dashboard/prescriptions/${REFERENCE}`)).toBe("/dashboard/prescriptions/RX-[redacted]");
    expect(redactLogPath(`/api/prescription-documents/${REFERENCE}/pdf`)).toBe("/api/prescription-documents/RX-[redacted]/pdf");
    expect(redactLogPath("/a/RX-2222-3333-4444/b/RX-AAAA-BBBB-CCCC")).toBe("/a/RX-[redacted]/b/RX-[redacted]");
  });

  it("catches the forms the page accepts too: any case, percent-encoded, padded", () => {
    for (const segment of ["rx-7k3q-9dmw-t4hb", "RX%2D7K3Q%2D9DMW%2DT4HB", "%52%58-7K3Q-9DMW-T4HB", "%20RX-7K3Q-9DMW-T4HB%20", "RX-7K3Q-9DMW-T4HB%ZZ"]) {
      expect(redactLogPath(`/rx/${segment}`)).toBe(`/rx/${REDACTED_REFERENCE}`);
    }
  });

  it("keeps every other path byte for byte", () => {
    for (const path of ["/", "/treatments", "/api/orders/6f1c1c3e-0000-4000-8000-000000000001", "/x%20y/%E2%82%AC", "/rx/RX-7K3Q-9DMW", "/rx/not-a-reference", "/bad%ZZ"]) {
      expect(redactLogPath(path)).toBe(path);
    }
  });

  it("shares its pattern with nginx's access log map (deploy/nginx/clinic.conf.template)", async () => {
    const fs = await import("node:fs");
    const template = fs.readFileSync(`${process.cwd()}/deploy/nginx/clinic.conf.template`, "utf8");
    expect(template).toContain(PRESCRIPTION_REFERENCE_SOURCE);
  });
});
