import styles from "./cart-list.module.css";

type Props = { code: string; error: string | undefined; disabled: boolean; onChange: (code: string) => void; onApply: () => void };

/** The optional discount code and its Apply button; the server's message replaces the hint. */
export function DiscountCodeField({ code, error, disabled, onChange, onApply }: Props) {
  return (
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
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "discount_code-error" : "discount_code-hint"}
          disabled={disabled}
        />
        {error ? (
          <p id="discount_code-error" className="field-error">
            {error}
          </p>
        ) : (
          <p id="discount_code-hint" className={styles.optionHint}>
            10% off non-prescription items on a first order.
          </p>
        )}
      </div>
      <button type="button" className="button button-secondary" onClick={onApply} disabled={disabled}>
        Apply
      </button>
    </div>
  );
}
