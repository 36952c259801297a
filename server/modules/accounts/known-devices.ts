import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { knownDevices } from "../../db/schema";
import type { Db } from "../../db/types";
import { hashToken } from "../sessions/tokens";

/** The newest this many devices of a user are remembered; an older one is forgotten (it is backed off again). */
export const KNOWN_DEVICES_PER_USER = 20;

/** Stored hashed: a copy of the table does not hand out device ids that skip the back-off. */
const deviceHash = (deviceId: string) => hashToken(deviceId);

/** True when this device id signed in to the user's account with the right password before. */
export async function isKnownDevice(db: Db, userId: string, deviceId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash(deviceId))))
    .limit(1);
  return row !== undefined;
}

/** After a sign-in with the right password: the device is known (or seen again now); the oldest past the bound go. */
export async function rememberDevice(db: Db, userId: string, deviceId: string): Promise<void> {
  await db
    .insert(knownDevices)
    .values({ userId, deviceHash: deviceHash(deviceId) })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: sql`now()` } });
  const newest = db
    .select({ deviceHash: knownDevices.deviceHash })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastSeenAt), desc(knownDevices.firstSeenAt))
    .limit(KNOWN_DEVICES_PER_USER);
  await db
    .delete(knownDevices)
    .where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.deviceHash, newest)));
}
