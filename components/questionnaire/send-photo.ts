import { apiFetch } from "@/lib/client/api-fetch";

/** POSTs one photo as the multipart form field `photo` (apiFetch adds the XSRF header). */
export function sendPhoto(path: string, file: File): Promise<Response> {
  const form = new FormData();
  form.append("photo", file);
  return apiFetch(path, { form });
}
