"use client";

import { useRouter } from "next/navigation";
import type { z } from "zod";
import { useApiForm } from "@/components/forms/use-api-form";

/**
 * A staff action on the case: the shared schema checks the form, the API does the work,
 * and on success the server-rendered page is rendered again with the new state.
 */
export function useCaseAction<S extends z.ZodType>(caseId: string, action: string, schema: S, toInput?: (data: FormData) => unknown) {
  const router = useRouter();
  return useApiForm({
    schema,
    path: `/api/staff/prescriptions/${caseId}/${action}`,
    method: "POST",
    toInput,
    onSuccess: () => router.refresh(),
  });
}
