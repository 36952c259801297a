import * as z from "zod/mini";

/** The id of the build this code belongs to (inlined at build time by next.config.ts). */
export const BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID ?? "dev";

/** Served by every build, never cached: an open page polls it to learn that a newer build is live. */
export const BUILD_VERSION_PATH = "/build-version.json";

export const buildVersionSchema = z.object({ version: z.string().check(z.minLength(1), z.maxLength(100)) });
