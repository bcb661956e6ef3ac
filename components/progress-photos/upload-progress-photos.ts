import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import { PROGRESS_VIEWS } from "@/lib/progress-photos/views";

const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export type ProgressPhotoField = (typeof PROGRESS_VIEWS)[number]["field"];
export type ProgressPhotoUpload =
  | { ok: true; set: { id: string; takenAt: string }; message: string }
  | { ok: false; message: string; errors: Partial<Record<ProgressPhotoField, string>> };

function problem(file: File | null, label: string): string | undefined {
  if (!file || file.size === 0) return `Add the photo of your ${label.toLowerCase()}.`;
  if (!["image/jpeg", "image/png"].includes(file.type)) return "Please choose a JPEG or PNG image.";
  if (file.size > MAX_PHOTO_BYTES) return "The photo must be 10 MB or smaller.";
  return undefined;
}

/**
 * Checks the three chosen photos in the browser (the server checks them again by their bytes)
 * and saves them as one dated set through POST /api/progress-photos.
 */
export async function uploadProgressPhotos(data: FormData): Promise<ProgressPhotoUpload> {
  const payload = new FormData();
  const errors: Partial<Record<ProgressPhotoField, string>> = {};
  for (const view of PROGRESS_VIEWS) {
    const value = data.get(view.field);
    const file = value instanceof File ? value : null;
    const found = problem(file, view.label);
    if (found) errors[view.field] = found;
    else payload.append(view.field, file!);
  }
  if (Object.keys(errors).length) return { ok: false, message: "Please check the highlighted photos.", errors };
  try {
    const response = await apiFetch("/api/progress-photos", { form: payload });
    const body = await readApiBody(response);
    if (!response.ok) {
      const fieldErrors = Object.fromEntries(Object.entries(body.errors ?? {}).map(([key, value]) => [key, value?.[0]]));
      return { ok: false, message: body.message ?? "We could not save your photos. Please try again.", errors: fieldErrors };
    }
    return { ok: true, set: body.set as { id: string; takenAt: string }, message: body.message ?? "Your progress photos are saved." };
  } catch {
    return { ok: false, message: "We could not reach the server. Please check your connection and try again.", errors: {} };
  }
}
