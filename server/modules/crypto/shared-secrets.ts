import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { instanceSecrets } from "../../db/schema";
import type { Db } from "../../db/types";
import { isSealed, openSecret, sealSecret } from "./secret-box";

/** The secrets kept in instance_secrets. */
export type SharedSecretName = "rsa_private_key" | "upload_signing_secret";

const rowSchema = z.object({ value: z.string().min(1) });

async function read(db: Db, name: SharedSecretName): Promise<string | null> {
  const [row] = await db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, name));
  return row ? rowSchema.parse(row).value : null;
}

/** The stored value as the secret itself; sealed values need the APP_SECRET they were sealed with. */
function unseal(name: SharedSecretName, stored: string, appSecret: string | undefined): string {
  if (!isSealed(stored)) return stored;
  if (!appSecret)
    throw new Error(`instance_secrets.${name} is encrypted: set APP_SECRET to the value it was stored with`);
  const plain = openSecret(stored, appSecret);
  if (plain === null) throw new Error(`APP_SECRET does not decrypt instance_secrets.${name} (was it changed?)`);
  return plain;
}

/**
 * The secret `name` that every instance on this database shares: read from instance_secrets, or, when none is
 * stored yet, made by `make` and inserted unless another instance got there first (on conflict do nothing), then
 * read again, so all racing instances end with the winner's. With APP_SECRET it is stored sealed (secret-box.ts),
 * and one stored before APP_SECRET was set is sealed now.
 */
export async function sharedSecret(
  db: Db,
  name: SharedSecretName,
  make: () => Promise<string>,
  appSecret?: string,
): Promise<string> {
  let stored = await read(db, name);
  if (stored === null) {
    const made = await make();
    await db
      .insert(instanceSecrets)
      .values({ name, value: appSecret ? sealSecret(made, appSecret) : made })
      .onConflictDoNothing();
    stored = await read(db, name);
    if (stored === null) throw new Error(`instance_secrets.${name} was not stored`);
  }
  const plain = unseal(name, stored, appSecret);
  if (appSecret && !isSealed(stored)) {
    await db
      .update(instanceSecrets)
      .set({ value: sealSecret(plain, appSecret) })
      .where(and(eq(instanceSecrets.name, name), eq(instanceSecrets.value, stored)));
  }
  return plain;
}
