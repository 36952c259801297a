/** localStorage key of the offline page's recent characters; apart from their zod schema so sign-out stays light. */
export const RECENT_CHARACTERS_KEY = "kewl.recent-characters";
