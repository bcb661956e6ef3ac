import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", ".bench-floor/**", ".next-test/**", ".next-bench/**", ".next-bench-*/**", "bench-results/**", ".data/**", "node_modules/**", "lib/server/db/generated/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    rules: {
      // Product images are small SVG illustrations; the image optimiser adds nothing for SVG.
      "@next/next/no-img-element": "off",
    },
  },
  {
    // Playwright fixtures receive a callback named `use`; it is not React's hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
