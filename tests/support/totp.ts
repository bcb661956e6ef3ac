import { generate } from "otplib";

// Codes for test users with a known TOTP secret (the integration tests' and the browser
// tests'). The server accepts each time step once (replay protection) and one step either
// side of now, so signing the same person in twice within 30 s takes the next step's code;
// a third time waits for the clock.
const lastStepBySecret = new Map<string, number>();

export async function totpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, (lastStepBySecret.get(secret) ?? -1) + 1);
    if (step <= now + 1) {
      lastStepBySecret.set(secret, step);
      return generate({ secret, epoch: step * 30 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
