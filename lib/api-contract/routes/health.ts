// The health checks a load balancer and the process supervisor call (not in the spec).
import { z } from "zod";
import { defineOperations } from "../operation";

const healthSchema = z.strictObject({ status: z.literal("ok"), database: z.literal("reachable") });
const healthDownSchema = z.strictObject({ status: z.literal("unavailable"), database: z.literal("unreachable") });

const readySchema = z.strictObject({ status: z.literal("ok"), database: z.literal("reachable"), migrations: z.literal("applied") });
const notReadySchema = z.union([
  z.strictObject({ status: z.literal("unavailable"), database: z.literal("unreachable"), message: z.string() }),
  z.strictObject({ status: z.literal("unavailable"), database: z.literal("reachable"), migrations: z.literal("unknown"), message: z.string() }),
  z.strictObject({ status: z.literal("unavailable"), database: z.literal("reachable"), migrations: z.literal("pending"), pending: z.array(z.string()), message: z.string() }),
]);

export const healthOperations = defineOperations([
  {
    method: "get",
    path: "/api/health",
    summary: "Whether the database answers",
    tags: ["Health"],
    access: "public",
    responses: {
      200: { description: "The database answers.", schema: healthSchema },
      503: { description: "The database does not answer.", schema: healthDownSchema },
    },
  },
  {
    method: "get",
    path: "/api/health/live",
    summary: "Liveness: the process answers (touches nothing else)",
    tags: ["Health"],
    access: "public",
    responses: { 200: { description: "The process is alive.", schema: z.strictObject({ status: z.literal("ok") }) } },
  },
  {
    method: "get",
    path: "/api/health/ready",
    summary: "Readiness: the database answers and has every migration this build carries",
    tags: ["Health"],
    access: "public",
    responses: {
      200: { description: "Ready for traffic.", schema: readySchema },
      503: { description: "Not ready: the database is unreachable, or its migrations cannot be read or are pending.", schema: notReadySchema },
    },
  },
]);
