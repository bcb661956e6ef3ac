// Structured logs (lib/server/core/log/logger.ts): JSON lines carrying the request or job they
// belong to, with personal data redacted even when a caller passes it by mistake.
import { logContext, logger } from "@/lib/server/core/log/logger";
import { withoutRequestId, withRequestId } from "@/lib/server/services/jobs/job-request-id";

function capture(run: () => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const keep = (line?: unknown) => void lines.push(String(line));
  const spies = [jest.spyOn(console, "log").mockImplementation(keep), jest.spyOn(console, "warn").mockImplementation(keep), jest.spyOn(console, "error").mockImplementation(keep)];
  try {
    run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.map((line) => JSON.parse(line));
}

it("writes one JSON line per event with level, time, service and message", () => {
  const [line] = capture(() => logger.warn("a thing happened"));
  expect(line).toMatchObject({ level: "warn", service: "hairline-clinic", msg: "a thing happened" });
  expect(new Date(line!.time as string).toString()).not.toBe("Invalid Date");
});

it("adds the current request's id, and a job's name, id and queuing request", () => {
  const [inRequest] = capture(() => logContext.run({ requestId: "0123456789abcdef" }, () => logger.error("failed")));
  expect(inRequest).toMatchObject({ level: "error", requestId: "0123456789abcdef", msg: "failed" });
  const [inJob] = capture(() => logContext.run({ requestId: "fedcba9876543210", job: "send-email", jobId: "j1" }, () => logger.info("done")));
  expect(inJob).toMatchObject({ requestId: "fedcba9876543210", job: "send-email", jobId: "j1" });
  const [outside] = capture(() => logger.info("no request"));
  expect(outside).not.toHaveProperty("requestId");
});

it("redacts personal data and secrets passed as fields, however deep", () => {
  const [line] = capture(() =>
    logger.error({ email: "pat@example.com", user: { name: "Pat Doe", email: "pat@example.com" }, token: "eyJhbGciOi", answers: ["blood thinner"], orderId: "o1" }, "oops"),
  );
  const text = JSON.stringify(line);
  expect(text).not.toMatch(/pat@example\.com|Pat Doe|eyJhbGciOi|blood thinner/);
  expect(line).toMatchObject({ email: "[redacted]", user: { name: "[redacted]", email: "[redacted]" }, orderId: "o1" });
});

it("carries the queuing request's id in a job's data without the handler seeing it", () => {
  const data = withRequestId({ outboxId: "x" }, { requestId: "0123456789abcdef" });
  expect(withoutRequestId(data)).toStrictEqual({ data: { outboxId: "x" }, requestId: "0123456789abcdef", traceparent: undefined });
  expect(withRequestId({ outboxId: "x" }, { requestId: undefined })).toStrictEqual({ outboxId: "x" });
  expect(withoutRequestId({ outboxId: "x" })).toStrictEqual({ data: { outboxId: "x" }, requestId: undefined, traceparent: undefined });
  // With tracing on, the request span's traceparent travels beside it.
  const traced = withRequestId({ outboxId: "x" }, { requestId: "0123456789abcdef", traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" });
  expect(withoutRequestId(traced)).toStrictEqual({ data: { outboxId: "x" }, requestId: "0123456789abcdef", traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" });
});
