// The hosted checkout page a browser sees at session.url: self-contained HTML (inline CSS
// under a nonce, no script, no external resources), accessible (WCAG 2.2 AA: landmarks, one
// h1, labelled fields, visible focus, contrast ≥ 4.5:1). Forms need no JavaScript.
import { randomBytes } from "node:crypto";
import { formatMoney } from "./util.mjs";

/** @typedef {import("./checkout-sessions.mjs").SessionRecord} SessionRecord */
/** @typedef {{ status: number, headers: Record<string, string>, body: string }} PageResponse */

export const DECLINED_CARD = "4000000000000002";
const TEST_CARD = "4242 4242 4242 4242";

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f3f4f6}
.banner{margin:0;padding:.75rem 1rem;background:#fff4d6;color:#4d3200;border-bottom:2px solid #8a5a00;text-align:center;font-weight:700}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #c9ced6;border-radius:8px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
table{width:100%;border-collapse:collapse;margin:0 0 1rem}
caption{text-align:left;font-weight:700;padding-bottom:.25rem}
th,td{text-align:left;vertical-align:top;padding:.5rem 0;border-bottom:1px solid #c9ced6}
.num{text-align:right;white-space:nowrap;padding-left:1rem}
tfoot th,tfoot td{font-weight:700;border-bottom:0}
.muted{display:block;color:#4a5360;font-size:.875rem}
label{display:block;font-weight:700;margin:1rem 0 .25rem}
input{width:100%;padding:.6rem;font:inherit;color:#1a1a1a;background:#fff;border:1px solid #5f6b7a;border-radius:4px}
input[aria-invalid="true"]{border:2px solid #b3261e}
fieldset{margin:1rem 0 0;padding:0 1rem 1rem;border:1px solid #c9ced6;border-radius:4px}
legend{font-weight:700;padding:0 .25rem}
.hint{margin:.25rem 0 0;color:#4a5360;font-size:.875rem}
.alert{margin:0 0 1rem;padding:.75rem;border:2px solid #b3261e;border-radius:4px;background:#fdecea;color:#7f1a15;font-weight:700}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button{font:inherit;font-weight:700;padding:.7rem 1.2rem;border:2px solid #1d4ed8;border-radius:4px;cursor:pointer}
.pay{background:#1d4ed8;color:#fff}
.cancel{background:#fff;color:#1d4ed8}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #111;outline-offset:3px}
`;

/** @param {unknown} value */
export function escapeHtml(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The URL the customer returns to after paying, as Stripe builds it.
 * @param {{ id: string, success_url: string }} session
 */
export function successRedirect(session) {
  return session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
}

/**
 * @param {{ nonce: string, title: string, formTargets?: Array<string | null>, banner?: string, site?: string }} head
 * @param {string} main
 * @param {number} status
 * @returns {PageResponse}
 */
export function page({ nonce, title, formTargets = [], banner = "Test payment sandbox — no real money is taken", site = "Test payment sandbox" }, main, status) {
  const origins = [...new Set(formTargets.filter((url) => url !== null).map((url) => new URL(/** @type {string} */ (url)).origin))];
  const csp = ["default-src 'none'", `style-src 'nonce-${nonce}'`, `form-action 'self' ${origins.join(" ")}`.trim(), "base-uri 'none'", "frame-ancestors 'none'"].join("; ");
  const body = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ${escapeHtml(site)}</title>
<style nonce="${nonce}">${CSS}</style>
</head>
<body>
<header><p class="banner">${escapeHtml(banner)}</p></header>
<main>
${main}
</main>
</body>
</html>
`;
  return {
    status,
    body,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": csp,
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    },
  };
}

export const newNonce = () => randomBytes(16).toString("base64");

/**
 * The payment form for an open session.
 * @param {SessionRecord} record
 * @param {{ error?: string, errorField?: "card" | "email" | "shipping", card?: string, email?: string, shipping?: Record<string, string>, status?: number }} [state]
 */
export function renderCheckoutPage({ session, lineItems }, { error, errorField = "card", card = TEST_CARD, email = "", shipping = {}, status = 200 } = {}) {
  const total = formatMoney(session.amount_total, session.currency);
  const recurring = lineItems.find((item) => item.recurring)?.recurring;
  const every = recurring ? `${recurring.interval_count === 1 ? recurring.interval : `${recurring.interval_count} ${recurring.interval}s`}` : "";
  const rows = lineItems
    .map((item) => {
      const description = item.description ? `<span class="muted">${escapeHtml(item.description)}</span>` : "";
      return `<tr><th scope="row">${escapeHtml(item.name)}${description}</th><td class="num">${item.quantity}</td><td class="num">${escapeHtml(formatMoney(item.unit_amount * item.quantity, item.currency))}</td></tr>`;
    })
    .join("\n");
  const errorId = "payment-error";
  /** Points a field at the error it caused. @param {"card" | "email" | "shipping"} field */
  const errorAttributes = (field) => (error && errorField === field ? ` aria-invalid="true" aria-describedby="${errorId}"` : "");
  /** @param {string} name @param {string} label @param {string} autocomplete @param {boolean} required */
  const shippingInput = (name, label, autocomplete, required) =>
    `<label for="${name}">${label}${required ? "" : " (optional)"}</label>
<input id="${name}" name="${name}" autocomplete="${autocomplete}"${required ? " required" : ""} value="${escapeHtml(shipping[name] ?? "")}"${required ? errorAttributes("shipping") : ""}>`;
  const shippingFields = session.shipping_address_collection
    ? `<fieldset><legend>Delivery address (UK)</legend>
${shippingInput("ship_name", "Full name", "shipping name", true)}
${shippingInput("ship_line1", "Address line 1", "shipping address-line1", true)}
${shippingInput("ship_line2", "Address line 2", "shipping address-line2", false)}
${shippingInput("ship_city", "Town or city", "shipping address-level2", true)}
${shippingInput("ship_postcode", "Postcode", "shipping postal-code", true)}
</fieldset>`
    : "";
  const cardDescribedBy = error && errorField === "card" ? `card-hint ${errorId}` : "card-hint";
  const emailField = session.customer_email
    ? `<p>Paying as <strong>${escapeHtml(session.customer_email)}</strong></p>`
    : `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${errorAttributes("email")}>`;
  const main = `<h1>${recurring ? `Subscribe: ${escapeHtml(total)} every ${escapeHtml(every)}` : `Pay ${escapeHtml(total)}`}</h1>
${recurring ? `<p>You pay ${escapeHtml(total)} today, then ${escapeHtml(total)} every ${escapeHtml(every)} until you cancel.</p>` : ""}
${error ? `<p class="alert" role="alert" id="${errorId}">${escapeHtml(error)}</p>` : ""}
<table>
<caption>Order summary</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td class="num">${escapeHtml(total)}</td></tr></tfoot>
</table>
<form method="post" action="/pay/${escapeHtml(session.id)}">
${emailField}
${shippingFields}
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required value="${escapeHtml(card)}" aria-describedby="${cardDescribedBy}"${error && errorField === "card" ? ` aria-invalid="true"` : ""}>
<p class="hint" id="card-hint">Test card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
<div class="actions">
<button class="pay" type="submit" name="action" value="pay">${recurring ? "Subscribe" : `Pay ${escapeHtml(total)}`}</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel and return</button>
</div>
</form>`;
  return page({ nonce: newNonce(), title: `Pay ${total}`, formTargets: [session.success_url, session.cancel_url] }, main, status);
}

/**
 * What a completed or expired session's page says.
 * @param {SessionRecord} record
 * @param {number} [status]
 */
export function renderClosedPage({ session }, status = 200) {
  const complete = session.status === "complete";
  const heading = complete ? "This checkout session is complete." : "This checkout session has expired.";
  const back = complete ? successRedirect(session) : session.cancel_url;
  const link = back ? `<p><a href="${escapeHtml(back)}">${complete ? "Continue to the shop" : "Return to the shop"}</a></p>` : "";
  const detail = complete ? "No further payment is needed." : "No payment was taken. Start checkout again from the shop.";
  return page({ nonce: newNonce(), title: heading }, `<h1>${heading}</h1>\n<p>${detail}</p>\n${link}`, status);
}

/** For an id the sandbox does not know. */
export function renderUnknownPage() {
  return page({ nonce: newNonce(), title: "Checkout session not found" }, "<h1>Checkout session not found</h1>\n<p>This payment link is not valid.</p>", 404);
}
