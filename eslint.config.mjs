import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "dist/**", "data/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Server code must never be pulled into client bundles.
    files: ["components/**", "stores/**", "lib/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/server/*", "**/server/*"], message: "server/ is backend only" }] }],
    },
  },
]);
