"use client";

import { useId, useState, type ChangeEvent } from "react";
import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import type { Question } from "@/lib/questionnaire/types";
import styles from "./questionnaire-form.module.css";
import { sendPhoto } from "./send-photo";
import { REMOVE_FAILED, UPLOAD_FAILED, uploadFailure } from "./step-failure";

export type UploadedPhoto = { id: string; name: string };

type PhotoUploadProps = {
  question: Question;
  /** {apiBase}/{responseId}/photos */
  photosPath: string;
  photos: UploadedPhoto[];
  onPhotosChange: (photos: UploadedPhoto[]) => void;
  onError: (message: string | null) => void;
  onBusyChange: (busy: boolean) => void;
  describedBy?: string;
  invalid: boolean;
  disabled: boolean;
};

const TYPE_NAMES: Record<string, string> = { "image/jpeg": "JPEG", "image/png": "PNG" };

function checkFile(file: File, accept: string[], maxBytes: number): string | null {
  if (!accept.includes(file.type)) return `Please choose a ${accept.map((type) => TYPE_NAMES[type] ?? type).join(" or ")} image.`;
  if (file.size > maxBytes) return `Each photo must be ${Math.floor(maxBytes / (1024 * 1024))} MB or smaller.`;
  return null;
}

/** The upload step: photos are sent as soon as they are chosen, listed, and removable. */
export function PhotoUpload({ question, photosPath, photos, onPhotosChange, onError, onBusyChange, describedBy, invalid, disabled }: PhotoUploadProps) {
  const inputId = useId();
  const [status, setStatus] = useState("");
  const rules = question.upload ?? { accept: ["image/jpeg", "image/png"], minFiles: 0, maxFiles: 1, maxBytes: 10 * 1024 * 1024 };
  const full = photos.length >= rules.maxFiles;

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])].slice(0, rules.maxFiles - photos.length);
    if (!files.length) return;
    onError(null);
    onBusyChange(true);
    let current = photos;
    try {
      for (const file of files) {
        const problem = checkFile(file, rules.accept, rules.maxBytes);
        if (problem) return onError(problem);
        setStatus(`Uploading ${file.name}...`);
        const response = await sendPhoto(photosPath, file);
        const body = await readApiBody(response);
        const photo = body.photo as UploadedPhoto | undefined;
        if (response.status !== 201 || !photo?.id) return onError(uploadFailure(response.status, body));
        current = [...current, { id: photo.id, name: photo.name }];
        onPhotosChange(current);
        setStatus(`${photo.name} uploaded.`);
      }
    } catch {
      onError(UPLOAD_FAILED);
    } finally {
      setStatus((text) => (text.startsWith("Uploading") ? "" : text));
      input.value = "";
      onBusyChange(false);
    }
  }

  async function remove(photo: UploadedPhoto) {
    onError(null);
    onBusyChange(true);
    try {
      const response = await apiFetch(`${photosPath}/${encodeURIComponent(photo.id)}`, { method: "DELETE" });
      if (!response.ok) return onError(response.status === 409 ? uploadFailure(409, await readApiBody(response)) : REMOVE_FAILED);
      onPhotosChange(photos.filter((item) => item.id !== photo.id));
      setStatus(`${photo.name} removed.`);
    } catch {
      onError(REMOVE_FAILED);
    } finally {
      onBusyChange(false);
    }
  }

  return (
    <div className={styles.upload}>
      <div className="field">
        <label htmlFor={inputId} className={styles.subLabel}>
          {full ? `You have added ${rules.maxFiles} photos, the most allowed` : "Add photos"}
        </label>
        <input
          id={inputId}
          type="file"
          className={styles.fileInput}
          accept={rules.accept.join(",")}
          multiple={rules.maxFiles - photos.length > 1}
          onChange={upload}
          aria-describedby={describedBy || undefined}
          aria-invalid={invalid || undefined}
          disabled={disabled || full}
        />
      </div>
      {photos.length ? (
        <ul className={styles.photoList} aria-label="Uploaded photos">
          {photos.map((photo) => (
            <li key={photo.id} className={styles.photo}>
              <span className={styles.photoName}>{photo.name}</span>
              <button type="button" className="button button-secondary" onClick={() => remove(photo)} aria-label={`Remove ${photo.name}`} disabled={disabled}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className={styles.uploadStatus}>
        {status}
      </p>
    </div>
  );
}
