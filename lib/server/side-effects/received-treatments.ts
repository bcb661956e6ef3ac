import "server-only";
import { formatLongDate } from "@/lib/format/dates";
import { db, type Tx } from "@/lib/server/core/db/client";
import type { ReceivedTreatment } from "./types";

// What a patient may report a side effect about: the medicine lines of their orders that a
// pharmacist dispensed (AWAITING_DISPATCH after review) or that were sent (DISPATCHED), and
// the prescriptions issued to them. Read straight from the tables, owner-scoped by user id.

const SUPPLIED = ["AWAITING_DISPATCH", "DISPATCHED"] as const;
const MEDICINES = ["PHARMACY_MEDICINE", "PRESCRIPTION_ONLY"] as const;

export async function listReceivedTreatments(userId: string, client: Tx | typeof db = db): Promise<ReceivedTreatment[]> {
  const [lines, prescriptions] = await Promise.all([
    client.orderLine.findMany({
      where: { productKind: { in: [...MEDICINES] }, order: { userId, status: { in: [...SUPPLIED] } } },
      select: { id: true, name: true, durationLabel: true, order: { select: { reference: true, paidAt: true } } },
      orderBy: { order: { paidAt: "desc" } },
    }),
    client.prescription.findMany({
      where: { request: { userId } },
      select: { id: true, medicine: true, dose: true, reference: true, issuedAt: true },
      orderBy: { issuedAt: "desc" },
    }),
  ]);
  return [
    ...prescriptions.map((rx) => ({ key: `rx:${rx.id}`, name: `${rx.medicine} ${rx.dose}`.trim(), detail: `Prescription issued ${formatLongDate(rx.issuedAt)}` })),
    ...lines.map((line) => ({
      key: `line:${line.id}`,
      name: line.durationLabel ? `${line.name} (${line.durationLabel})` : line.name,
      detail: `Order ${line.order.reference}${line.order.paidAt ? `, ${formatLongDate(line.order.paidAt)}` : ""}`,
    })),
  ];
}

/** The treatment a form's key names, if this patient received it; null otherwise. */
export async function findReceivedTreatment(
  tx: Tx,
  userId: string,
  key: string,
): Promise<{ orderLineId: string | null; prescriptionId: string | null; name: string } | null> {
  const [kind, id] = key.split(":") as ["line" | "rx", string];
  if (kind === "line") {
    const line = await tx.orderLine.findFirst({
      where: { id, productKind: { in: [...MEDICINES] }, order: { userId, status: { in: [...SUPPLIED] } } },
      select: { id: true, name: true, durationLabel: true },
    });
    return line ? { orderLineId: line.id, prescriptionId: null, name: line.durationLabel ? `${line.name} (${line.durationLabel})` : line.name } : null;
  }
  const rx = await tx.prescription.findFirst({ where: { id, request: { userId } }, select: { id: true, medicine: true, dose: true } });
  return rx ? { orderLineId: null, prescriptionId: rx.id, name: `${rx.medicine} ${rx.dose}`.trim() } : null;
}
