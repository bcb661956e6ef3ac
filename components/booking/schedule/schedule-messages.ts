// The date and time pickers' copy, shared by both booking forms and their tests.

export const SLOTS_LOAD_FAILED = "We couldn't load the available times. Please try again.";
export const NO_SLOTS_LEFT = "No times are left on this date. Please choose another date.";
