import type { Metadata } from "next";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { CookieSettingsButton } from "@/components/consent/cookie-settings-button";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Cookies", description: "The cookies this site sets, why, and for how long; and how to change your choice.", path: "/cookies" });
}

const COOKIES = [
  { name: "guest_id", purpose: "Keeps your cart, assessments and bookings before you sign in (a random id; HttpOnly).", lasts: "90 days" },
  { name: "next-auth.session-token", purpose: "Keeps you signed in (HttpOnly).", lasts: "Until you log out, at most 12 hours" },
  { name: "XSRF-TOKEN", purpose: "Protects your forms against cross-site request forgery.", lasts: "Your browser session" },
  { name: "known_device", purpose: "Recognises a device you signed in from before, so we can warn you about new sign-ins (HttpOnly).", lasts: "180 days" },
  { name: "referral_code", purpose: "Keeps a friend's referral code from their link until your first checkout (HttpOnly).", lasts: "30 days" },
  { name: "cookie_consent", purpose: "Remembers your choice on this page.", lasts: "180 days" },
];

/** Every cookie we set, from the code: all strictly necessary today. Prerendered. */
export default function CookiesPage() {
  return (
    <div className="section section-cream">
      <div className="container" style={{ maxWidth: "48rem" }}>
        <h1>Cookies</h1>
        <p>
          We only use cookies that the site needs to work. We do not use analytics, advertising or social media cookies. If we ever add one, it will
          be switched off until you accept it.
        </p>
        <h2>The cookies we set</h2>
        <table>
          <caption className="visually-hidden">Cookies, what they are for and how long they last</caption>
          <thead>
            <tr>
              <th scope="col">Cookie</th>
              <th scope="col">What it is for</th>
              <th scope="col">How long</th>
            </tr>
          </thead>
          <tbody>
            {COOKIES.map((cookie) => (
              <tr key={cookie.name}>
                <th scope="row">
                  <code>{cookie.name}</code>
                </th>
                <td>{cookie.purpose}</td>
                <td>{cookie.lasts}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>On a secure (https) deployment the names of the guest, device and sign-in cookies carry the browser&apos;s __Host- or __Secure- prefix.</p>
        <h2>Your choice</h2>
        <p>You can change your choice at any time.</p>
        <CookieSettingsButton className="button button-secondary" />
      </div>
    </div>
  );
}
