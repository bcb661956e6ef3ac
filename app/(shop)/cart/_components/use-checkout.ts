"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { readApiBody, type ApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import type { OrderQuote } from "@/lib/server/orders/quote-order";

export const PROCEEDING = "Proceeding to checkout...";
const CHECKOUT_FAILED = "We could not start the payment. Please try again.";
const CANCELLED = "Payment was cancelled. Nothing was charged and your cart is unchanged.";

export type FieldErrors = Record<string, string>;

function fieldErrors(body: ApiBody): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(body.errors ?? {})) if (messages[0]) out[key.replace(/^address\./, "")] = messages[0];
  return out;
}

type Input = { initialQuote: OrderQuote; isGuest: boolean; cartVersion: string; cancelled: boolean; onCartStale?: () => void };

/**
 * The checkout's state: the server's quote (priced again when the delivery, the code or the
 * cart's lines change), the field errors and the message, and the submit that opens Stripe
 * Checkout or explains why it could not.
 */
export function useCheckout({ initialQuote, isGuest, cartVersion, cancelled, onCartStale }: Input) {
  const [quote, setQuote] = useState(initialQuote);
  const [delivery, setDelivery] = useState(initialQuote.deliveryOptions[0]?.slug ?? "standard");
  const [code, setCode] = useState(initialQuote.discountCode ?? "");
  const [appliedCode, setAppliedCode] = useState<string | null>(initialQuote.discountCode);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(cancelled ? CANCELLED : null);
  const [problems, setProblems] = useState<string[]>(initialQuote.problems);
  const [working, setWorking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);

  async function requote(nextDelivery: string, nextCode: string | null, keepProblems = false): Promise<boolean> {
    const response = await apiFetch("/api/checkout/quote", { method: "POST", json: { delivery_option: nextDelivery, discount_code: nextCode ?? undefined } });
    const body = await readApiBody(response);
    if (!response.ok) {
      setErrors((current) => ({ ...current, ...fieldErrors(body), ...(body.errors ? {} : { form: body.message ?? CHECKOUT_FAILED }) }));
      return false;
    }
    const next = body as unknown as OrderQuote;
    setQuote(next);
    if (!keepProblems) setProblems(next.problems);
    setAppliedCode(next.discountCode);
    return true;
  }

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    void requote(delivery, appliedCode).catch(() => setMessage(CHECKOUT_FAILED));
    // Re-price when the cart's lines change; the other inputs re-price where they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cartVersion]);

  async function chooseDelivery(slug: string) {
    setDelivery(slug);
    await requote(slug, appliedCode).catch(() => setMessage(CHECKOUT_FAILED));
  }

  async function applyCode() {
    setErrors((current) => {
      const next = { ...current };
      delete next.discount_code;
      return next;
    });
    const typed = code.trim();
    await requote(delivery, typed || null).catch(() => setMessage(CHECKOUT_FAILED));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    flushSync(() => {
      setWorking(true);
      setErrors({});
      setMessage(PROCEEDING);
    });
    try {
      const response = await apiFetch("/api/checkout", {
        method: "POST",
        json: {
          delivery_option: delivery,
          discount_code: appliedCode ?? (code.trim() || undefined),
          email: isGuest ? text("email") : undefined,
          address: { name: text("name"), line1: text("line1"), line2: text("line2"), city: text("city"), postcode: text("postcode") },
        },
      });
      const body = await readApiBody(response);
      if (response.ok && typeof body.url === "string") {
        window.location.assign(body.url);
        return;
      }
      setWorking(false);
      if (response.status === 409 && body.errors?.cart) {
        setProblems(body.errors.cart);
        setMessage(null);
        onCartStale?.();
        // The cart now holds today's prices: show them, and keep the list of what changed.
        await requote(delivery, appliedCode, true).catch(() => undefined);
        return;
      }
      setErrors(fieldErrors(body));
      setMessage(body.message ?? CHECKOUT_FAILED);
      formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
    } catch {
      setWorking(false);
      setMessage(CHECKOUT_FAILED);
    }
  }

  return { quote, delivery, code, setCode, appliedCode, errors, message, problems, working, formRef, chooseDelivery, applyCode, submit };
}
