import { TextField } from "@/components/forms/text-field";
import type { FieldErrors } from "./use-checkout";
import styles from "./cart-list.module.css";

/** The delivery address, and for guests the email their order updates go to. */
export function AddressFields({ isGuest, errors, disabled }: { isGuest: boolean; errors: FieldErrors; disabled: boolean }) {
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>Delivery address</legend>
      {isGuest ? <TextField id="email" name="email" type="email" label="Email address" autoComplete="email" required error={errors.email} /> : null}
      <TextField id="name" name="name" label="Full name" autoComplete="name" required error={errors.name} />
      <TextField id="line1" name="line1" label="Address line 1" autoComplete="address-line1" required error={errors.line1} />
      <TextField id="line2" name="line2" label="Address line 2 (optional)" autoComplete="address-line2" error={errors.line2} />
      <TextField id="city" name="city" label="Town or city" autoComplete="address-level2" required error={errors.city} />
      <TextField id="postcode" name="postcode" label="Postcode" autoComplete="postal-code" required error={errors.postcode} />
    </fieldset>
  );
}
