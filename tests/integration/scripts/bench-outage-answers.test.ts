// The database-outage step's rule for its answers ≥ 500 (bench/outage-answers.mjs): every one
// of them is judged, however many came before it, and each bad one is counted once.
import { badOutageReason, outageAnswers } from "@/bench/outage-answers.mjs";

const message503 = { kind: "GET /api/cart", status: 503, text: '{"message":"The service is briefly unavailable. Please try again shortly."}' };

it("counts a bad answer that comes after ten good 503s", () => {
  const judge = outageAnswers();
  for (let i = 0; i < 30; i += 1) judge.record(message503);
  judge.record({ kind: "page", status: 503, text: "PrismaClientKnownRequestError: Can't reach database server\n    at Object.findMany (node_modules/…)" });
  judge.record({ kind: "GET /", status: 200 });
  expect(judge.summary()).toMatchObject({ judged: 31, bad: 1, samples: [{ kind: "page", status: 503, reason: "503 carrying a stack trace or an internal error" }] });
});

it("counts another 5xx once, and an empty 503 as bad", () => {
  const judge = outageAnswers();
  judge.record({ kind: "GET /api/health", status: 502, text: "<html>Bad Gateway</html>" });
  judge.record({ kind: "GET /api/plans", status: 503, text: "" });
  judge.record(message503);
  expect(judge.summary()).toMatchObject({ judged: 3, bad: 2 });
  expect(judge.summary().samples.map((sample) => sample.reason)).toEqual(["502, not 503", "503 with an empty body"]);
});

it("keeps five samples however many are bad, and passes a 503 page", () => {
  const judge = outageAnswers();
  for (let i = 0; i < 12; i += 1) judge.record({ status: 500, text: "Internal Server Error" });
  expect(judge.summary()).toMatchObject({ judged: 12, bad: 12 });
  expect(judge.summary().samples).toHaveLength(5);
  expect(badOutageReason({ status: 503, text: "<!DOCTYPE html><title>We'll be right back</title>" })).toBeNull();
  expect(badOutageReason({ status: 404, text: "" })).toBeNull();
});
