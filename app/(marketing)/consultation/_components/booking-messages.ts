// The paid booking screen's copy that tests and the result logic share (spec section 8);
// the date and time pickers' own copy is in components/booking/schedule/schedule-messages.ts.

export const SLOT_NOT_AVAILABLE = "Slot not available.";
export const BOOKING_FAILED = "Booking failed. Please try again.";
export const CHECKOUT_CANCELLED =
  "Payment cancelled. Your appointment was not booked — you can choose another time.";
export const SUBMIT_LABEL = "Book appointment";
export const SUBMIT_BUSY_LABEL = "Checking Availability & Redirecting...";
