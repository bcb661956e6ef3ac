import Link from "next/link";
import { StatusTimeline } from "@/components/prescriptions/status-timeline";
import { formatLongDate } from "@/lib/format/dates";
import { formatPence } from "@/lib/format/money";
import type { UserOrder } from "@/lib/server/orders/history/user-orders";
import styles from "@/components/prescriptions/prescription-request-list.module.css";

/** The patient's shop orders (Dashboard → Orders), newest first, each with its timeline. */
export function OrderList({ orders }: { orders: UserOrder[] }) {
  return (
    <ul className={styles.list}>
      {orders.map((order) => (
        <li key={order.id} className={styles.item}>
          <h3 className={styles.title}>
            Order <span className={styles.reference}>{order.reference}</span>
          </h3>
          <p className={styles.meta}>
            Placed {formatLongDate(order.createdAt)} · {order.lines.map((line) => line.name).join(", ")} · {formatPence(order.totalPence)} · Status: <strong>{order.statusLabel}</strong>
          </p>
          <StatusTimeline steps={order.steps} label={`Progress of order ${order.reference}`} compact />
          {order.invitationId ? (
            <Link href={`/dashboard/consultations/invited/${order.invitationId}`} className={`button ${styles.link}`}>
              Book your free consultation
              <span className="visually-hidden"> for order {order.reference}</span>
            </Link>
          ) : null}
          <Link href={`/dashboard/orders/${order.reference}`} className={`button button-secondary ${styles.link}`}>
            View order
            <span className="visually-hidden"> {order.reference}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
