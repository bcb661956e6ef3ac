// The patient's view of an order's progress: what each recorded event means, in words.
// Shared by the dashboard, the staff area and the emails; no server code, no health data.

export type OrderStatus =
  | "PENDING_PAYMENT"
  | "AWAITING_PHARMACIST"
  | "CONSULTATION_INVITED"
  | "AWAITING_DISPATCH"
  | "DISPATCHED"
  | "DECLINED"
  | "CANCELLED"
  | "REFUNDED";

/** One row of order_events.kind. */
export type OrderEventKind =
  | "paid"
  | "awaiting_pharmacist"
  | "consultation_invited"
  | "dispensed"
  | "awaiting_dispatch"
  | "dispatched"
  | "declined"
  | "refunded"
  | "cancelled";

export const ORDER_EVENT_LABELS: Record<OrderEventKind, string> = {
  paid: "Paid",
  awaiting_pharmacist: "Waiting for our pharmacist's review",
  consultation_invited: "Invited to a free consultation",
  dispensed: "Dispensed by our pharmacist",
  awaiting_dispatch: "Being packed for dispatch",
  dispatched: "Dispatched",
  declined: "Declined and refunded",
  refunded: "Refunded",
  cancelled: "Cancelled: payment not completed",
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING_PAYMENT: "Awaiting payment",
  AWAITING_PHARMACIST: "Awaiting pharmacist review",
  CONSULTATION_INVITED: "Consultation invited",
  AWAITING_DISPATCH: "Awaiting dispatch",
  DISPATCHED: "Dispatched",
  DECLINED: "Declined and refunded",
  CANCELLED: "Cancelled",
  REFUNDED: "Refunded",
};
