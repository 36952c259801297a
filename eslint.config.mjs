import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

const TESTS_ONLY = { group: ["@/tests/*", "**/tests/*"], message: "tests/ holds test code only" };
const SERVER_ONLY = { group: ["@/server/*", "**/server/*"], message: "server/ is backend only" };
const NEXT_LINK = {
  name: "next/link",
  message: "use Link from @/components/ui/link: it keeps route prefetches to 4 at a time (SPEC §9)",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    "dist/**",
    "data/**",
    "node_modules/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
  ]),
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned or explicitly voided, and never passed where a void
    // callback is expected (an event handler, a timer) unless that is meant.
    files: ["**/*.ts", "**/*.tsx", "**/*.mts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Test doubles (the scripted mock model among them) never reach a production path (TESTS_ONLY is in the
    // entries for components, stores and lib below too).
    files: ["app/**", "server/**", "proxy.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: [TESTS_ONLY] }],
    },
  },
  {
    // Server code must never be pulled into client bundles.
    files: ["components/**", "stores/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: [SERVER_ONLY, TESTS_ONLY] }],
    },
  },
  {
    // The one place next/link is used.
    files: ["components/ui/link.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [SERVER_ONLY, TESTS_ONLY] }],
    },
  },
  {
    // lib/ is the lowest layer the browser loads: it imports none of the layers above it.
    files: ["lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            SERVER_ONLY,
            { group: ["@/components/*", "**/components/*"], message: "lib/ must not import components/" },
            { group: ["@/stores/*", "**/stores/*"], message: "lib/ must not import stores/" },
            TESTS_ONLY,
          ],
        },
      ],
    },
  },
]);
