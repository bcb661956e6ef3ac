"use client";

import { useState } from "react";

/** The referral link in a read-only field, with a button that copies it and says so. */
export function CopyLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <div className="field">
      <label htmlFor="referral-link" className="field-label">
        Your referral link
      </label>
      <input id="referral-link" className="input" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <div>
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p role="status">{copied === "copied" ? "Link copied." : copied === "failed" ? "Copying is not available here: select the link and copy it." : ""}</p>
    </div>
  );
}
