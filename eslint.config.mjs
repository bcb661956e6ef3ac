import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", ".bench-floor/**", ".next-test/**", ".next-bench/**", ".next-bench-*/**", "bench-results/**", ".data/**", "node_modules/**", "lib/server/core/db/generated/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    rules: {
      // Product images are small SVG illustrations; the image optimiser adds nothing for SVG.
      "@next/next/no-img-element": "off",
    },
  },
  {
    // The public pages (the root layout, marketing, shop, sign-in pages and the questionnaires
    // the assessments use) keep next/link's client code (~3 KB gzipped) off, to stay within
    // the JavaScript budget (docs/architecture.md, "Storefront links"): plain <a> links, full page loads
    // served from the proxy cache, or RouterLink (components/navigation) where a questionnaire
    // moves between steps. The signed-in areas (dashboard, prescription service, staff) keep
    // next/link.
    files: [
      "app/not-found.tsx",
      "app/(marketing)/**",
      "app/(shop)/**",
      "app/(auth)/**",
      "components/layout/**",
      "components/cart/**",
      "components/consent/**",
      "components/catalogue/**",
      "components/questionnaire/**",
    ],
    rules: {
      "@next/next/no-html-link-for-pages": "off",
      "no-restricted-imports": ["error", { paths: [{ name: "next/link", message: "Storefront pages use plain <a> links (see eslint.config.mjs)." }] }],
    },
  },
  {
    // Playwright fixtures receive a callback named `use`; it is not React's hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
