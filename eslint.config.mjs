import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

const TESTS_ONLY = { group: ["@/tests/*", "**/tests/*"], message: "tests/ holds test code only" };

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
    // Test doubles (the scripted mock model among them) never reach a production path.
    files: ["app/**", "components/**", "stores/**", "lib/**", "server/**", "proxy.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [TESTS_ONLY] }],
    },
  },
  {
    // Server code must never be pulled into client bundles (this entry replaces the one above for these files).
    files: ["components/**", "stores/**", "lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/server/*", "**/server/*"], message: "server/ is backend only" }, TESTS_ONLY] },
      ],
    },
  },
]);
