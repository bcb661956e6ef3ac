import Stripe from "stripe";
import { providerMessage } from "./stripe-client";

describe("providerMessage", () => {
  it("shows the provider's own message, as a sentence", () => {
    expect(providerMessage(new Stripe.errors.StripeInvalidRequestError({ message: "Your card was declined.", type: "invalid_request_error" }))).toBe("Your card was declined.");
    expect(providerMessage(new Stripe.errors.StripeAPIError({ message: "An unknown error occurred", type: "api_error" }))).toBe("An unknown error occurred.");
  });

  it("says the provider did not answer when it was not reached: a timeout's words are our client's, not the patient's", () => {
    const timeout = new Stripe.errors.StripeConnectionError({ message: "Request aborted due to timeout being reached (20000ms)", type: "api_error" });
    expect(providerMessage(timeout)).toBe("The payment provider did not answer.");
    expect(providerMessage(new Stripe.errors.StripeAPIError({ message: "  ", type: "api_error" }))).toBe("The payment provider did not answer.");
    expect(providerMessage(new Error("socket hang up"))).toBe("The payment provider did not answer.");
    expect(providerMessage("nope")).toBe("The payment provider did not answer.");
  });
});
