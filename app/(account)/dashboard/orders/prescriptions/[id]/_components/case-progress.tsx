import Link from "next/link";
import { ProgressComparison } from "@/components/progress-photos/progress-comparison";
import type { ProgressPhotoSetView } from "@/lib/server/progress-photos/types";
import styles from "./case-outcome.module.css";

/**
 * The patient's hair progress photos under their paid request: the invitation to add the
 * baseline set until there is one (not blocking), then their sets side by side by date.
 */
export function CaseProgress({ sets }: { sets: ProgressPhotoSetView[] }) {
  if (!sets.length) {
    return (
      <>
        <p>Three photos of your hair today (hairline, crown and top of the head) are the starting point your prescriber compares your treatment with. Nothing waits for them.</p>
        <p className={styles.actions}>
          <Link href="/dashboard/progress" className="button">
            Add your baseline progress photos
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <ProgressComparison sets={sets} caption="Your progress photos by date" />
      <p>
        <Link href="/dashboard/progress">Add today&apos;s photos</Link>: your prescriber sees them at your next review.
      </p>
    </>
  );
}
