"use client";

import { useRouter } from "next/navigation";
import type { z } from "zod";
import { useApiForm } from "@/components/forms/use-api-form";

/**
 * A staff review action (POST `path`): the shared schema checks the form, the API does the
 * work, and on success the server-rendered page is rendered again with the new state.
 */
export function useStaffAction<S extends z.ZodType>(path: string, schema: S, toInput?: (data: FormData) => unknown) {
  const router = useRouter();
  return useApiForm({ schema, path, method: "POST", toInput, onSuccess: () => router.refresh() });
}
