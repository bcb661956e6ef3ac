import type { ReactNode } from "react";

export type OrderTotalsRow = { label: ReactNode; amount: ReactNode };

/**
 * An order's figures as a definition list, one row a figure, ending with what was paid. The
 * patient's order page and the staff's order page both show one; each words its own rows
 * (the patient sees "Free" delivery and no zero discount, the pharmacist every figure).
 */
export function OrderTotals({ rows, className }: { rows: OrderTotalsRow[]; className?: string }) {
  return (
    <dl className={className}>
      {rows.map((row, index) => (
        <div key={index}>
          <dt>{row.label}</dt>
          <dd>{row.amount}</dd>
        </div>
      ))}
    </dl>
  );
}
