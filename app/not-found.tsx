import type { Metadata } from "next";
import styles from "./not-found.module.css";

// Next adds robots noindex to 404 responses itself.
export const metadata: Metadata = {
  title: "Page Not Found",
};

export default function NotFound() {
  return (
    <div className={`section ${styles.page}`}>
      <div className="container">
        <h1>404 - Page Not Found</h1>
        <p className="lead">Oops! The page you are looking for does not exist.</p>
        <div className={styles.actions}>
          <a href="/" className="button">
            Go to the home page
          </a>
          <a href="/treatments" className="button button-secondary">
            Browse treatments
          </a>
        </div>
      </div>
    </div>
  );
}
