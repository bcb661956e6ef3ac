// 8. POST /api/prescription/pay from 50 signed-in patients at once, beside GET /api/health.
import { benchPrescriptionPay } from "./prescription-pay.mjs";
import { fixed, heading, table } from "./report.mjs";
import { results, scratchDatabase } from "./harness.mjs";
import { BASE, PRESCRIPTION_PATIENTS } from "./settings.mjs";


export async function prescriptionPay() {
  heading(`Prescription pay (${PRESCRIPTION_PATIENTS} signed-in patients at once, beside GET /api/health over the same connections)`);
  const r = await benchPrescriptionPay({ base: BASE, databaseUrl: scratchDatabase().url, patients: PRESCRIPTION_PATIENTS, log: (line) => console.log(line) });
  results.prescriptionPay = r;
  console.log(table(["request", "requests", "non-200", "min ms", "p50 ms", "p99 ms", "max ms", "burst wall ms"], [
    ["POST /api/prescription/pay", r.pay.requests, r.pay.non200, fixed(r.pay.minMs), fixed(r.pay.p50Ms), fixed(r.pay.p99Ms), fixed(r.pay.maxMs), fixed(r.pay.wallMs)],
    ["GET /api/health (2 bursts)", r.health.requests, r.health.non200, fixed(r.health.minMs), fixed(r.health.p50Ms), fixed(r.health.p99Ms), fixed(r.health.maxMs), fixed(r.health.wallMs)],
  ]));
  console.log(`pay answers: ${Object.entries(r.statusCodes).map(([code, n]) => `${code}: ${n}`).join(", ")}; checkout sessions answered (distinct): ${r.distinctSessionsAnswered}`);
  console.log(`database: ${r.requestsCreated} prescription requests for the ${r.patients} patients, ${r.distinctCheckoutSessions} distinct checkout sessions on their payments`);
  console.log(`p50 ÷ health p50: ${r.health.p50Ms && r.pay.p50Ms !== null ? fixed(r.pay.p50Ms / r.health.p50Ms, 1) : "-"}×. With ${r.pay.requests} samples p99 is the slowest request; health's bursts ran just before and just after the pay burst.`);
  for (const problem of r.problems) console.log(`  ${problem}`);
}
