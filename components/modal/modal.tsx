"use client";

import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import styles from "./modal.module.css";

type ModalProps = {
  open: boolean;
  /** Default "Important Information". */
  title?: string;
  message: ReactNode;
  /** Default "Continue". Also what Escape does. */
  continueLabel?: string;
  onContinue: () => void;
  /** Default "Confirm". The Confirm button shows only with onConfirm. */
  confirmLabel?: string;
  onConfirm?: () => void;
  /** Where focus goes on close (default: where it was when the modal opened). */
  returnFocus?: RefObject<HTMLElement | null>;
};

/**
 * The spec's reusable modal: a native <dialog> opened with showModal(), so the page behind
 * is inert and focus stays inside. Focus moves to the first button, Escape counts as
 * Continue, and focus returns where it was when the modal closes.
 */
export function Modal({ open, ...rest }: ModalProps) {
  return open ? <OpenModal {...rest} /> : null;
}

function OpenModal(props: Omit<ModalProps, "open">) {
  const { title = "Important Information", message, continueLabel = "Continue", onContinue, confirmLabel = "Confirm", onConfirm, returnFocus } = props;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const firstButtonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = returnFocus?.current ?? previous;
    if (typeof dialog.showModal === "function") {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute("open", "");
    }
    firstButtonRef.current?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === "function") dialog.close();
      if (target?.isConnected) target.focus();
    };
  }, [returnFocus]);

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      aria-modal="true"
      onCancel={(event) => {
        // Escape: keep the dialog under React's control, and treat it as Continue.
        event.preventDefault();
        onContinue();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <div id={messageId} className={styles.message}>
        {message}
      </div>
      <div className={styles.actions}>
        <button ref={firstButtonRef} type="button" className={onConfirm ? "button button-secondary" : "button"} onClick={onContinue}>
          {continueLabel}
        </button>
        {onConfirm ? (
          <button type="button" className="button" onClick={onConfirm}>
            {confirmLabel}
          </button>
        ) : null}
      </div>
    </dialog>
  );
}
