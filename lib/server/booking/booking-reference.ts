import "server-only";
import { newReference } from "@/lib/server/reference/new-reference";

/** A consultation booking's reference, e.g. "HC-7K3Q9D". */
export function newBookingReference(): string {
  return newReference("HC");
}
