import type { Ref } from "react";
import { ArrowLeftIcon } from "@/components/icons/arrow-left-icon";
import { DrawerLinkItems } from "./drawer-link-items";
import { TREATMENT_LINKS } from "./drawer-links";
import styles from "./menu-drawer.module.css";

type TreatmentsPanelProps = {
  id: string;
  isOpen: boolean;
  backButtonRef: Ref<HTMLButtonElement>;
  onBack: () => void;
};

/** The drawer's "Choose Treatments" sub-drawer: slides over the main panel, with a back arrow. */
export function TreatmentsPanel({ id, isOpen, backButtonRef, onBack }: TreatmentsPanelProps) {
  const titleId = `${id}-title`;
  return (
    <div id={id} className={`${styles.pane} ${styles.sub}`} hidden={!isOpen}>
      <div className={styles.top}>
        <button ref={backButtonRef} type="button" className={styles.iconButton} aria-label="Back to menu" onClick={onBack}>
          <ArrowLeftIcon />
        </button>
        <span className={styles.title} id={titleId}>
          Choose Treatments
        </span>
      </div>
      <nav aria-labelledby={titleId} className={styles.nav}>
        <ul className={styles.list}>
          <DrawerLinkItems links={TREATMENT_LINKS} />
        </ul>
      </nav>
    </div>
  );
}
