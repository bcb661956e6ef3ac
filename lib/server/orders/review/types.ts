import "server-only";
import type { OrderStatus } from "@/lib/orders/order-timeline";
import type { QueuePage } from "@/lib/server/staff-review/queue-page";
import type { AnsweredQuestion } from "@/lib/server/prescriptions/types";
import type { SideEffectFlag } from "@/lib/server/side-effects/types";
import type { ClaimView, LockedCase } from "@/lib/server/staff-review/types";
import type { SupplyCheck } from "@/lib/server/supply-checks/types";

/** A paid order as the review's writes read it under its row lock. */
export type LockedOrder = LockedCase<OrderStatus> & {
  shipName: string;
  totalPence: number;
  paymentId: string;
  /** Set for a subscription's order (one period of it). */
  subscriptionId: string | null;
  /** Has a prescription-only line that no prescriber has authorised yet. */
  awaitingPrescriber: boolean;
};

/** What every review action answers: the API's `order` and its `message`. */
export type OrderActionResult = { id: string; reference: string; status: string; message: string };

export type OrderQueueItem = {
  id: string;
  reference: string;
  status: OrderStatus;
  paidAt: string;
  itemCount: number;
  hasPom: boolean;
  /** Its prescription-only lines wait for a prescriber before a pharmacist may dispense them. */
  awaitingPrescriber: boolean;
  claim: ClaimView | null;
  /** The viewer placed this order themselves: why they may not review it (separation of duties), else null. */
  ownNotice: string | null;
  /** Invited orders: whether the patient has booked the consultation. */
  consultationBooked: boolean | null;
};

/** The order queue's lists, in the order the page shows them. */
export const ORDER_QUEUE_SECTIONS = ["prescribe", "review", "invited", "dispatch"] as const;
export type OrderQueueSection = (typeof ORDER_QUEUE_SECTIONS)[number];

/** Each list's cursor (its page's `?<list>=` parameter), or a reference to find in every list. */
export type OrderQueueQuery = { after?: Partial<Record<OrderQueueSection, string | null>>; reference?: string | null; size?: number };

/** One keyset page of a list and how many orders it holds in all. */
export type OrderQueueList = QueuePage<OrderQueueItem> & { total: number };

/** Each list the viewer's role works (null for the others, which are not read), and the reference searched for. */
export type OrderQueue = Record<OrderQueueSection, OrderQueueList | null> & { reference: string | null };

/** Who authorised an order's prescription-only supply, as the case shows it. */
type OrderAuthorisationView = { via: "authorisation" | "check_in" | "prescription"; prescriberName: string; registration: string | null; at: string; directions: string };

type OrderCaseLine = {
  name: string;
  kind: string;
  durationLabel: string;
  /** A dose-ladder medicine's dose (e.g. "5 mg"), or null. */
  dose: string | null;
  quantity: number;
  lineTotalPence: number;
  assessment: { id: string; title: string; submittedAt: string | null; answers: AnsweredQuestion[] } | null;
};

export type OrderCase = {
  id: string;
  /** What identity, weight and GP rules found for its medicines (lib/server/supply-checks); dispensing needs none unmet. */
  supplyChecks: SupplyCheck[];
  reference: string;
  status: OrderStatus;
  paidAt: string | null;
  email: string;
  hasAccount: boolean;
  delivery: { name: string; pricePence: number; address: string[] };
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
  lines: OrderCaseLine[];
  /** Earlier attempts at the same assessments that ended not eligible: a flag for the pharmacist. */
  earlierRefusals: { title: string; at: string; reason: string }[];
  timeline: { kind: string; at: string; detail: Record<string, unknown> }[];
  claim: ClaimView | null;
  /** The viewer placed this order themselves: why they may not review it (separation of duties), else null. */
  ownNotice: string | null;
  decidedByName: string | null;
  declineReason: string | null;
  trackingReference: string | null;
  invitation: { typeName: string; expiresAt: string; used: boolean } | null;
  /** A subscription's order: which supply of it this is, and whether its assessment's validity has run out since. */
  subscription: {
    supplyNumber: number;
    planName: string;
    assessmentTakenAt: string | null;
    assessmentExpired: boolean;
    /** A prescription plan: the issued prescription that authorises each supply. */
    prescription: { reference: string; medicine: string; dose: string; quantity: string; directions: string; prescriberName: string; prescriberRegistration: string; issuedAt: string } | null;
  } | null;
  /** The prescriber's authorisation of its prescription-only lines (or the approved renewal check-in's), null while none. */
  authorisation: OrderAuthorisationView | null;
  /** Has a prescription-only line no prescriber has authorised yet. */
  awaitingPrescriber: boolean;
  /** The patient's untriaged side-effect reports: review before supplying again. */
  sideEffectFlags: SideEffectFlag[];
  /** A repeat prescription-only supply: the renewal check-in whose approval allowed it (answers summary, who approved and when). */
  checkIn: {
    reference: string;
    weightKg: string | null;
    sideEffects: string | null;
    newConditions: string | null;
    wantsToContinue: "YES" | "STOP" | "DOCTOR" | null;
    submittedAt: string | null;
    approvedByName: string | null;
    approvedAt: string | null;
    note: string;
  } | null;
};
