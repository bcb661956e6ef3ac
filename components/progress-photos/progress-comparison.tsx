import { formatLongDate } from "@/lib/format/dates";
import { PROGRESS_VIEWS } from "@/lib/progress-photos/views";
import type { ProgressPhotoSetView } from "@/lib/server/progress-photos/types";
import styles from "./progress-photos.module.css";

/**
 * The same three views side by side over time: one row per view, one column per dated set
 * (the first set is the baseline; `marked` names one set, e.g. the one a check-in sent). Used by the patient's progress page and by the clinician's
 * case and order, each with the image URLs its viewer may open.
 */
export function ProgressComparison({ sets, caption, marked }: { sets: ProgressPhotoSetView[]; caption: string; marked?: { setId: string; label: string } }) {
  return (
    <div className={styles.scroller} tabIndex={0} role="region" aria-label={`${caption} (scrolls sideways)`}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <td />
            {sets.map((set, index) => (
              <th key={set.id} scope="col">
                {formatLongDate(set.takenAt)}
                {index === 0 && sets.length > 1 ? <span className={styles.baseline}> (first)</span> : null}
                {marked?.setId === set.id ? <span className={styles.marked}> ({marked.label})</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PROGRESS_VIEWS.map((view) => (
            <tr key={view.key}>
              <th scope="row">{view.label}</th>
              {sets.map((set) => {
                const photo = set.photos.find((candidate) => candidate.view === view.key);
                return (
                  <td key={set.id}>
                    {photo ? (
                      <a href={photo.url} target="_blank" rel="noopener">
                        <img src={photo.url} alt={`${view.label}, ${formatLongDate(set.takenAt)} (opens full size in a new tab)`} className={styles.photo} loading="lazy" />
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
