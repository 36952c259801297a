import { eq, sql } from "drizzle-orm";
import type { Persona } from "../../../lib/validation/persona-rules";
import { users } from "../../db/schema";
import type { Db } from "../../db/types";

const personaColumns = { name: users.personaName, description: users.personaDescription };

/** The user's own persona (empty name and description when never set). */
export async function readUserPersona(db: Db, userId: string): Promise<Persona> {
  const [row] = await db.select(personaColumns).from(users).where(eq(users.id, userId));
  return row ?? { name: "", description: "" };
}

/** POST /v1/user/persona/update: the caller's persona, validated by the contract and the table's check. */
export async function updateUserPersona(db: Db, userId: string, persona: Persona): Promise<Persona> {
  const [row] = await db
    .update(users)
    .set({ personaName: persona.name, personaDescription: persona.description, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning(personaColumns);
  return row ?? persona;
}
