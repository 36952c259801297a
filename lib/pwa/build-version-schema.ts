import * as z from "zod/mini";

/** The body of BUILD_VERSION_PATH; loaded when a poll's answer arrives, not with the page. */
export const buildVersionSchema = z.object({ version: z.string().check(z.minLength(1), z.maxLength(100)) });
