import { z } from "zod";
import { text } from "./fields";

/**
 * GET /v1/avatar/{style}/{seed}.svg (path parameters): a generated SVG avatar, cached for a year. Unknown styles
 * and bad seeds answer 404. GET /v1/health takes no input.
 */
export const avatarRouteParams = z.object({
  style: text()
    .regex(/^[a-z]+(?:-[a-z]+)*$/)
    .max(32),
  file: text().regex(/^[\s\S]{1,100}\.svg$/),
});
