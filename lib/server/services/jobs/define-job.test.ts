import { z } from "zod";
import { defaultJobOptions, defineJob } from "./define-job";

describe("defineJob", () => {
  const handler = async () => {};

  it("fills in the default retry policy and keeps what the domain overrides", () => {
    const job = defineJob("mail.deliver", z.object({ id: z.uuid() }), handler, { retryLimit: 3 });
    expect(job.options).toEqual({ ...defaultJobOptions, retryLimit: 3 });
    expect(defaultJobOptions).toMatchObject({ retryLimit: 8, retryBackoff: true });
  });

  it.each(["Mail.Deliver", "mail deliver", "mail/deliver", "", ".mail", "mail..deliver"])("refuses the name %j", (name) => {
    expect(() => defineJob(name, z.object({}), handler)).toThrow(/must be lower-case words/);
  });

  it.each(["mail.deliver", "prescriptions.review-overdue", "test.shared-0a1b"])("accepts the name %j", (name) => {
    expect(defineJob(name, z.object({}), handler).name).toBe(name);
  });
});
