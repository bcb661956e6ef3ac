import type { OwnPhotoView } from "@/lib/server/prescriptions/types";
import { formatLongDate } from "@/lib/format/dates";
import styles from "./document-list.module.css";

/** The patient's own photos, each to view (new tab) or download; served only to their owner. */
export function PhotoLinks({ photos, emptyText }: { photos: (OwnPhotoView & { source?: string })[]; emptyText: string }) {
  if (!photos.length) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <ul className={styles.list}>
      {photos.map((photo) => (
        <li key={photo.id} className={styles.item}>
          <span className={styles.name}>{photo.name}</span>
          <span className={styles.meta}>
            {photo.source ? `${photo.source} · ` : ""}
            {formatLongDate(photo.uploadedAt)}
          </span>
          <span className={styles.actions}>
            <a href={photo.url} target="_blank" rel="noopener">
              View<span className="visually-hidden"> {photo.name} (opens in a new tab)</span>
            </a>
            <a href={downloadUrl(photo.url)} download>
              Download<span className="visually-hidden"> {photo.name}</span>
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
}

function downloadUrl(url: string) {
  return `${url}${url.includes("?") ? "&" : "?"}download=1`;
}
