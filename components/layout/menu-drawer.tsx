"use client";

import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from "react";
import { flushSync } from "react-dom";
import { ChevronRightIcon } from "@/components/icons/chevron-right-icon";
import { CloseIcon } from "@/components/icons/close-icon";
import { MenuIcon } from "@/components/icons/menu-icon";
import { AccountLink } from "./account-link";
import { DrawerLinkItems } from "./drawer-link-items";
import { MAIN_LINKS_AFTER, MAIN_LINKS_BEFORE } from "./drawer-links";
import styles from "./menu-drawer.module.css";
import { TreatmentsPanel } from "./treatments-panel";

/**
 * The header's menu button and the drawer it opens from the left: a native <dialog> opened
 * with showModal(), so the browser keeps focus inside and the page behind inert (as the
 * modal does). It closes on Escape, the × button, the backdrop or any link, and always
 * reopens on its main panel.
 */
export function MenuDrawer({ siteName }: { siteName: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isSubOpen, setIsSubOpen] = useState(false);
  const drawerId = useId();
  const subId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const treatmentsButtonRef = useRef<HTMLButtonElement>(null);
  const backButtonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  // State is flushed before moving focus: the target is hidden or inert until React commits.
  const close = useCallback(() => {
    flushSync(() => {
      setIsOpen(false);
      setIsSubOpen(false);
    });
    menuButtonRef.current?.focus();
  }, []);

  const open = () => {
    flushSync(() => setIsOpen(true));
    closeButtonRef.current?.focus();
  };

  const openSub = () => {
    flushSync(() => setIsSubOpen(true));
    backButtonRef.current?.focus();
  };

  const closeSub = () => {
    flushSync(() => setIsSubOpen(false));
    treatmentsButtonRef.current?.focus();
  };

  // In the commit that opens or closes it, so focus can move straight after flushSync.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!isOpen && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const root = document.documentElement;
    root.classList.add("drawer-open");
    window.addEventListener("popstate", close);
    return () => {
      root.classList.remove("drawer-open");
      window.removeEventListener("popstate", close);
    };
  }, [isOpen, close]);

  // Escape: closed through React's state, so the sub-drawer resets and focus returns.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    close();
  };

  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest("a[href]")) close();
  };

  return (
    <>
      <button
        ref={menuButtonRef}
        type="button"
        className={styles.menuButton}
        aria-label="Menu"
        aria-expanded={isOpen}
        aria-controls={drawerId}
        onClick={open}
      >
        <MenuIcon size={26} />
      </button>
      <dialog id={drawerId} ref={dialogRef} aria-label="Main menu" aria-modal="true" className={styles.root} hidden={!isOpen} onCancel={onCancel}>
        <div className={styles.backdrop} aria-hidden="true" data-testid="drawer-backdrop" onClick={close} />
        <div className={styles.panel} onClick={onPanelClick}>
          <div className={styles.pane} inert={isSubOpen}>
            <div className={styles.top}>
              <span className={styles.title}>{siteName}</span>
              <button ref={closeButtonRef} type="button" className={styles.iconButton} aria-label="Close menu" onClick={close}>
                <CloseIcon />
              </button>
            </div>
            <nav aria-label="Main" className={styles.nav}>
              <ul className={styles.list}>
                <DrawerLinkItems links={MAIN_LINKS_BEFORE} />
                <li>
                  <button
                    ref={treatmentsButtonRef}
                    type="button"
                    className={styles.row}
                    aria-expanded={isSubOpen}
                    aria-controls={subId}
                    onClick={openSub}
                  >
                    Choose Treatments
                    <ChevronRightIcon size={20} />
                  </button>
                </li>
                <DrawerLinkItems links={MAIN_LINKS_AFTER} />
              </ul>
            </nav>
            <div className={styles.bottom}>
              <AccountLink className="button button-secondary" />
            </div>
          </div>
          <TreatmentsPanel id={subId} isOpen={isSubOpen} backButtonRef={backButtonRef} onBack={closeSub} />
        </div>
      </dialog>
    </>
  );
}
