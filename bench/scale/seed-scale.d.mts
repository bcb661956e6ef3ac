export declare const SCALE_COUNTS: {
  patients: number;
  orders: number;
  prescriptionRequests: number;
  subscriptions: number;
  auditEvents: number;
  outboxEmails: number;
  rateLimitRows: number;
  busyOrders: number;
  busyRequests: number;
};

export type ScaleCounts = {
  patients: number;
  orders: number;
  requests: number;
  subscriptions: number;
  audit: number;
  outbox: number;
  rateLimits: number;
  busyOrders: number;
  busyRequests: number;
  /** Prescription-only orders (every tenth: orders 5, 15, 25, …). */
  pomOrders: number;
  busyPomOrders: number;
};

export declare function seedScale(
  connectionString: string,
  options: {
    factor?: number;
    queueFloor?: number;
    passwordHash: string;
    busy: { id: string; email: string };
    staff: { prescriberId: string; pharmacistId: string };
    answers: {
      prescription: unknown;
      prescriptionVersion: number;
      assessment: unknown;
      assessmentVersion: number;
      /** The Viagra and Cialis assessment's answers, its version, and the step asking the date of birth. */
      pom: { answers: Record<string, { text?: string; choice?: string }>; version: number; dateOfBirthStep: number };
    };
    bulk?: boolean;
    log?: (line: string) => void;
  },
): Promise<{ counts: ScaleCounts; timings: Record<string, number>; bulk: boolean }>;

