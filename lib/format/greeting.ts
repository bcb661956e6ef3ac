import { londonHour } from "./dates";

// The clinic is in the UK: the greeting follows London time (GMT or BST), not the server's.

export type Greeting = "Good morning" | "Good afternoon" | "Good evening";

/** "Good morning" before noon, "Good afternoon" until 18:00, then "Good evening" (London time). */
export function greetingFor(date: Date): Greeting {
  const hour = londonHour(date);
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}
