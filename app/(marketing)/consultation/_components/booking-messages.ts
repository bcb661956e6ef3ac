// The booking screen's copy that tests and the result logic share (spec section 8).

export const SLOT_NOT_AVAILABLE = "Slot not available.";
export const BOOKING_FAILED = "Booking failed. Please try again.";
export const CHECKOUT_CANCELLED =
  "Payment cancelled. Your appointment was not booked — you can choose another time.";
export const SLOTS_LOAD_FAILED = "We couldn't load the available times. Please try again.";
export const NO_SLOTS_LEFT = "No times are left on this date. Please choose another date.";
export const SUBMIT_LABEL = "Book appointment";
export const SUBMIT_BUSY_LABEL = "Checking Availability & Redirecting...";
