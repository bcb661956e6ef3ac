export type Greeting = "Good morning" | "Good afternoon" | "Good evening";

// The clinic is in the UK: the greeting follows London time (GMT or BST), not the server's.
const londonHour = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "numeric", hourCycle: "h23" });

/** "Good morning" before noon, "Good afternoon" until 18:00, then "Good evening" (London time). */
export function greetingFor(date: Date): Greeting {
  const hour = Number(londonHour.formatToParts(date).find((part) => part.type === "hour")?.value ?? 0);
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}
