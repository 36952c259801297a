import { z } from "zod";

/** What the OAuth return page posts to its opener (same origin only). */
export const OAUTH_MESSAGE_TYPE = "kewl-oauth";

export const oauthMessageSchema = z.object({
  type: z.literal(OAUTH_MESSAGE_TYPE),
  code: z.string().min(16).max(200).optional(),
  is_new: z.boolean().optional(),
  error: z.string().max(100).optional(),
});
export type OAuthMessage = z.infer<typeof oauthMessageSchema>;
