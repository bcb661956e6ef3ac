import { POST as postWeightPhoto } from "@/app/api/orders/[reference]/weight-photo/route";
import { postPhoto, type TestPhoto } from "@/tests/support/multipart";
export { createPaidMounjaroOrder } from "../orders/support/mounjaro-order";

/** The weight photo as the order page's form sends it (multipart, cookie session with the XSRF token). */
export async function sendWeightPhoto(reference: string, photo: TestPhoto, cookies: Record<string, string>) {
  return postPhoto(postWeightPhoto, `/api/orders/${reference}/weight-photo`, { reference }, photo, cookies);
}
