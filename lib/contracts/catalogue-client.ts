/**
 * zod/mini twins of lib/contracts/catalogue.ts schemas read by browser components (the favourite button), so
 * they do not pull classic zod into the client bundle. catalogue.ts stays classic zod for the server; keep the
 * two in step (tests/unit/contracts-client.test.ts checks it).
 */
import * as z from "zod/mini";

/** Mini twin of catalogue.ts favoriteStateSchema: POST /v1/user/favorites/add|remove. */
export const favoriteStateSchema = z.object({
  robot_id: z.int(),
  favorited: z.boolean(),
  favorite_count: z.int(),
});

/** POST /v1/user/favorites/check. */
export const favoritesCheckSchema = z.object({ favorited: z.array(z.number()) });
