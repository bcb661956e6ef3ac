"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { TextField } from "@/components/forms/text-field";
import { readApiBody, type ApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import { formatPence } from "@/lib/format/money";
import type { OrderQuote } from "@/lib/server/orders/quote-order";
import styles from "./cart-list.module.css";

export const PROCEEDING = "Proceeding to checkout...";
export const CHECKOUT_FAILED = "We could not start the payment. Please try again.";

type Props = {
  /** The sum of the items' prices (the spec's cart total). */
  itemsTotalPence: number;
  initialQuote: OrderQuote;
  /** Guests give an email for their order updates; signed-in patients use their account's. */
  isGuest: boolean;
  /** Changes whenever the cart's lines change, so the summary is priced again. */
  cartVersion: string;
  /** Came back from Stripe with ?cancel=1. */
  cancelled: boolean;
  /** Checkout found the cart changed: the list reloads its lines (new prices). */
  onCartStale?: () => void;
};

type FieldErrors = Record<string, string>;

function fieldErrors(body: ApiBody): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(body.errors ?? {})) if (messages[0]) out[key.replace(/^address\./, "")] = messages[0];
  return out;
}

/**
 * The cart's checkout: delivery choice and its cost, an optional discount code, the delivery
 * address (and email for guests), then Stripe Checkout. Every figure comes from the server's
 * quote, priced the way checkout will price it.
 */
export function CheckoutForm({ itemsTotalPence, initialQuote, isGuest, cartVersion, cancelled, onCartStale }: Props) {
  const [quote, setQuote] = useState(initialQuote);
  const [delivery, setDelivery] = useState(initialQuote.deliveryOptions[0]?.slug ?? "standard");
  const [code, setCode] = useState(initialQuote.discountCode ?? "");
  const [appliedCode, setAppliedCode] = useState<string | null>(initialQuote.discountCode);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(cancelled ? "Payment was cancelled. Nothing was charged and your cart is unchanged." : null);
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

  const isError = message !== null && message !== PROCEEDING;
  return (
    <section className={styles.summary} aria-labelledby="cart-summary-heading">
      <h2 id="cart-summary-heading" className={styles.summaryHeading}>
        Order summary
      </h2>
      {problems.length > 0 ? (
        <div role="alert" className="form-message-error">
          <p>Some items in your cart have changed since you added them. Please review your cart before paying:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form ref={formRef} onSubmit={submit} noValidate className={styles.checkout}>
        <fieldset className={styles.fieldset} disabled={working}>
          <legend className={styles.legend}>Delivery</legend>
          {quote.deliveryOptions.map((option) => (
            <label key={option.slug} className={styles.option}>
              <input type="radio" name="delivery_option" value={option.slug} checked={delivery === option.slug} onChange={() => void chooseDelivery(option.slug)} />
              <span>
                <span className={styles.optionName}>
                  {option.name}: {option.pricePence === 0 ? "Free" : formatPence(option.pricePence)}
                </span>
                <span className={styles.optionHint}>{option.description}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <div className={styles.codeRow}>
          <div className="field">
            <label htmlFor="discount_code" className="field-label">
              Discount code (optional)
            </label>
            <input
              id="discount_code"
              name="discount_code"
              className="input"
              value={code}
              autoComplete="off"
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={errors.discount_code ? true : undefined}
              aria-describedby={errors.discount_code ? "discount_code-error" : "discount_code-hint"}
              disabled={working}
            />
            {errors.discount_code ? (
              <p id="discount_code-error" className="field-error">
                {errors.discount_code}
              </p>
            ) : (
              <p id="discount_code-hint" className={styles.optionHint}>
                10% off non-prescription items on a first order.
              </p>
            )}
          </div>
          <button type="button" className="button button-secondary" onClick={() => void applyCode()} disabled={working}>
            Apply
          </button>
        </div>

        <p className={styles.total}>
          <span>Total</span>
          <span>{formatPence(itemsTotalPence)}</span>
        </p>
        <dl className={styles.figures}>
          {quote.discountPence > 0 ? (
            <div>
              <dt>Discount ({appliedCode})</dt>
              <dd>−{formatPence(quote.discountPence)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Delivery</dt>
            <dd>{quote.deliveryPence === 0 ? "Free" : formatPence(quote.deliveryPence)}</dd>
          </div>
        </dl>
        <p className={styles.total}>
          <span>To pay</span>
          <span>{formatPence(quote.totalPence)}</span>
        </p>

        <fieldset className={styles.fieldset} disabled={working}>
          <legend className={styles.legend}>Delivery address</legend>
          {isGuest ? <TextField id="email" name="email" type="email" label="Email address" autoComplete="email" required error={errors.email} /> : null}
          <TextField id="name" name="name" label="Full name" autoComplete="name" required error={errors.name} />
          <TextField id="line1" name="line1" label="Address line 1" autoComplete="address-line1" required error={errors.line1} />
          <TextField id="line2" name="line2" label="Address line 2 (optional)" autoComplete="address-line2" error={errors.line2} />
          <TextField id="city" name="city" label="Town or city" autoComplete="address-level2" required error={errors.city} />
          <TextField id="postcode" name="postcode" label="Postcode" autoComplete="postal-code" required error={errors.postcode} />
        </fieldset>

        <p className={styles.note}>Free shipping on orders £40+. Our pharmacist reviews every medicine order before it is sent.</p>
        <button type="submit" className="button" disabled={working}>
          {working ? PROCEEDING : "Checkout"}
        </button>
        <div role="status">{message && !isError ? <p className="form-message-success">{message}</p> : null}</div>
        {isError ? (
          <p role="alert" className="form-message-error">
            {message}
          </p>
        ) : null}
      </form>
    </section>
  );
}
