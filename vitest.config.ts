import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "@": fileURLToPath(new URL("./", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          // npm test runs these beside lint and the type check: on 2 cores a form test of sixteen clicks in jsdom took
          // 5.2 s once, over Vitest's default 5 s. The tests wait for events; the limit only catches a hang.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/integration/helpers/global-setup.ts"],
          environment: "node",
          // Vitest's default (one fewer than the cores) runs these one file at a time on 2 cores. Most files wait
          // on a database or a socket much of the time: two at once took the stage from 503 s to 400 s there.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
