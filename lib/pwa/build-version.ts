/** Light on purpose (no zod): app-updates.ts, in every first load, imports it; the schema is build-version-schema.ts. */

/** The id of the build this code belongs to (inlined at build time by next.config.ts). */
export const BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID ?? "dev";

/** Served by every build, never cached: an open page polls it to learn that a newer build is live. */
export const BUILD_VERSION_PATH = "/build-version.json";
