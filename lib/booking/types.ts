// What the booking screens receive from the server. No health data (hair_concerns) here:
// screens that list bookings never need it.

export type BookingStatus = "PENDING_PAYMENT" | "CONFIRMED" | "EXPIRED" | "CANCELLED" | "REFUNDED";

export type BookingView = {
  id: string;
  reference: string;
  typeName: string;
  /** yyyy-MM-dd, London */
  date: string;
  /** One of SLOT_LABELS */
  time: string;
  /** "Tuesday 1 December 2026" */
  dateLabel: string;
  /** The appointment's start, an ISO instant. */
  startsAt: string;
  status: BookingStatus;
  /** "Awaiting payment", "Confirmed", … */
  statusLabel: string;
  pricePence: number;
  feeWaived: boolean;
  clientName: string;
  clientEmail: string;
  /** The owner may cancel (refunded) until 24 hours before the start. */
  canCancel: boolean;
};

export type ConsultationTypeOption = {
  slug: string;
  name: string;
  description: string;
  pricePence: number;
  isDefault: boolean;
};

export type SlotAvailability = { time: string; available: boolean };
