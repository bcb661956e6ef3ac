import "server-only";
import { newReference } from "@/lib/server/reference/new-reference";

/** A prescription request's reference, e.g. "PR-7K3Q9D". */
export function newPrescriptionReference(): string {
  return newReference("PR");
}
