import Link from "next/link";
import styles from "./pager.module.css";

type PagerLink = { href: string; text: string } | null;

/** Links between keyset pages: back to the first page, and on to the next (rel="next"). Nothing when there is one page. */
export function Pager({ label, first, next }: { label: string; first: PagerLink; next: PagerLink }) {
  if (!first && !next) return null;
  return (
    <nav aria-label={label} className={styles.pager}>
      {first ? <Link href={first.href}>{first.text}</Link> : null}
      {next ? (
        <Link href={next.href} rel="next">
          {next.text}
        </Link>
      ) : null}
    </nav>
  );
}
