import { formatPence } from "@/lib/format/money";
import type { ConsultationTypeOption } from "@/lib/booking/types";
import styles from "./consultation-type-field.module.css";

type ConsultationTypeFieldProps = {
  idPrefix: string;
  types: ConsultationTypeOption[];
  value: string;
  onChange: (slug: string) => void;
};

/** The consultation types from the catalogue as a radio group: name and price, then what it is. */
export function ConsultationTypeField({ idPrefix, types, value, onChange }: ConsultationTypeFieldProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className="field-label">Consultation type</legend>
      <div className={styles.options}>
        {types.map((type) => {
          const id = `${idPrefix}-type-${type.slug}`;
          return (
            <div key={type.slug} className={styles.option}>
              <input
                id={id}
                type="radio"
                name="type"
                value={type.slug}
                checked={value === type.slug}
                onChange={() => onChange(type.slug)}
                aria-describedby={`${id}-description`}
                className={styles.radio}
              />
              <label htmlFor={id} className={styles.label}>
                {`${type.name} — ${formatPence(type.pricePence)}`}
              </label>
              <p id={`${id}-description`} className={styles.description}>
                {type.description}
              </p>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
