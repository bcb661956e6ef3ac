"use client";

import { useEffect } from "react";
import { clearSignedInHint } from "@/lib/auth/signed-in-hint";

/**
 * Rendered by pages whose server found no live session (the login page): a session that
 * ended by itself (30 minutes idle) leaves its hint cookie behind, and this drops it.
 */
export function ClearSignedInHint() {
  useEffect(clearSignedInHint, []);
  return null;
}
