import type { CharacterInput } from "@/lib/contracts/creation";
import type { DbHandle } from "@/server/db/types";
import type { KeyValueStore } from "@/server/modules/limits/key-value-store";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { createUserWithSession } from "./helpers/fixtures";
import type { TestApi } from "./helpers/test-api";

export const ADULT = { cookie: "kewl_age_verified=1; kewl_nsfw=1" };

/** A valid character; `over` replaces any field. */
export function characterInput(over: Partial<CharacterInput> = {}): CharacterInput {
  return {
    name: "Captain Nova",
    avatar: "",
    intro: "A starship pilot who never lands.",
    greeting: "Strap in, cadet.",
    alternate_greetings: ["Back again?"],
    persona: "Nova is brave and quick.",
    scenario: "The bridge of a small ship.",
    example_dialogue: "<START>\n{{user}}: hi\n{{char}}: Strap in.",
    tags: ["sci-fi"],
    nsfw: false,
    visibility: "public",
    ...over,
  };
}

export interface Creator {
  id: string;
  name: string;
  auth: Record<string, string>;
}

export async function signIn(database: DbHandle, name = "Creator"): Promise<Creator> {
  const { user, token } = await createUserWithSession(database.db, name);
  return { id: user.id, name: user.name, auth: { authorization: `Bearer ${token}` } };
}

/** The envelope of an answer (untyped, as the other API tests read it). */
export const body = (res: Response) => res.json();

/** Creates a character and answers its definition (fails the test when the API refuses). */
export async function create(
  api: TestApi,
  who: Creator,
  over: Partial<CharacterInput> & { copied_from?: number } = {},
) {
  const res = await api.post("/v1/user/robot/create", characterInput(over), who.auth);
  const answer = await body(res);
  if (res.status !== 200) throw new Error(`create refused: ${res.status} ${JSON.stringify(answer)}`);
  return answer.data as { id: number; key: string; name: string; avatar: string; [field: string]: unknown };
}

/** A store whose counters never pass a limit, for tests that create many characters as one user. */
export function unlimitedStore(): KeyValueStore {
  const store = createMemoryStore();
  return Object.assign(Object.create(store) as KeyValueStore, {
    hit: async () => ({ count: 1, resetMs: 60_000 }),
  });
}
