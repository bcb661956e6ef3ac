import { randomUUID } from "node:crypto";
import type { JobWorker } from "@/lib/server/services/jobs/start-job-worker";
import { startSmtpSink } from "@/tests/support/smtp-sink.mjs";
import { waitFor } from "@/tests/support/wait-for";

// The GP letter's email through SMTP: the PDF is rendered by the mail job from the letter row
// (the outbox holds only its kind and id). SMTP_URL is set before the application modules load.
jest.setTimeout(60_000);

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let worker: JobWorker | undefined;
let modules: {
  db: typeof import("@/lib/server/core/db/client").db;
  sendMail: typeof import("@/lib/server/services/mail/send-mail").sendMail;
  closeJobQueue: typeof import("@/lib/server/services/jobs/job-queue").closeJobQueue;
  createUser: typeof import("@/tests/factories/user").createUser;
};

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  const [{ db }, { sendMail }, { deliverMailJob }, { startJobWorker }, { closeJobQueue }, { createUser }] = await Promise.all([
    import("@/lib/server/core/db/client"),
    import("@/lib/server/services/mail/send-mail"),
    import("@/lib/server/services/mail/deliver-mail-job"),
    import("@/lib/server/services/jobs/start-job-worker"),
    import("@/lib/server/services/jobs/job-queue"),
    import("@/tests/factories/user"),
    // The composition root registers the GP letter's attachment kind, as the worker loads it.
    import("@/lib/server/plugins"),
  ]);
  modules = { db, sendMail, closeJobQueue, createUser };
  worker = await startJobWorker([deliverMailJob as never], { pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await worker?.stop({ timeoutMs: 1_000 });
  await modules?.closeJobQueue();
  await sink?.close();
  delete process.env.SMTP_URL;
});

describe("delivering a GP letter", () => {
  it("emails the practice with the letter's PDF attached, then marks the letter sent", async () => {
    const { db, sendMail, createUser } = modules;
    const patient = await createUser({ name: "Alex Morgan" });
    const to = `surgery-${randomUUID().slice(0, 8)}@nhs.example`;
    const letter = await db.gpLetter.create({
      data: {
        userId: patient.id,
        subjectType: "prescription_request",
        subjectId: randomUUID(),
        subjectReference: "PR-TEST-1",
        practiceName: "Riverside Surgery",
        practiceAddress: "12 Mill Lane\nLeeds\nLS1 4AP",
        practiceEmail: to,
        patientName: "Alex Morgan",
        patientDateOfBirth: "1990-05-17",
        medicine: "Finasteride 1 mg tablets",
        dose: "1 mg once daily",
        indication: "Hair loss",
        prescriberName: "Dr Sam Patel",
        prescriberRegistration: "GMC 1234567",
        status: "QUEUED_EMAIL",
      },
    });
    await db.$transaction((tx) => sendMail({ to, subject: "A letter about one of your patients", text: "Please see the attached letter.", attachment: { kind: "gp_letter_pdf", ref: letter.id } }, tx));

    await waitFor(() => sink.received.some((mail) => mail.envelope.to.includes(to)), 45_000, "the GP letter at the SMTP sink");
    const delivered = sink.received.find((mail) => mail.envelope.to.includes(to))!;
    expect(delivered).toMatchObject({ to: [to], subject: "A letter about one of your patients" });
    expect(delivered.text.trim()).toBe("Please see the attached letter.");
    expect(delivered.attachments).toHaveLength(1);
    const [pdf] = delivered.attachments;
    expect(pdf).toMatchObject({ filename: "gp-letter-PR-TEST-1.pdf", contentType: "application/pdf", contentDisposition: "attachment" });
    expect(pdf!.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf!.content.subarray(-6).toString("latin1")).toMatch(/%%EOF\s*$/);
    expect(pdf!.size).toBe(pdf!.content.length);
    await waitFor(async () => (await db.gpLetter.findUniqueOrThrow({ where: { id: letter.id } })).status === "SENT", 5_000, "the letter SENT");
    // The outbox never held the PDF: only the kind and the letter's id.
    const row = await db.outboxEmail.findFirstOrThrow({ where: { toAddress: to } });
    expect(row).toMatchObject({ attachmentKind: "gp_letter_pdf", attachmentRef: letter.id });
    expect(row.sentAt).not.toBeNull();
  });
});
