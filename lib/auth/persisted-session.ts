/**
 * The session the auth store persists under `auth` (SPEC §3), read back from localStorage. Storage is an edge:
 * anything that does not have this exact shape is dropped rather than trusted. Plain checks, not zod: the store
 * is in every page's first-load JavaScript.
 */

/** The signed-in user as the store keeps it. */
export interface Profile {
  uid: string;
  key: string;
  name: string;
  face: string;
  sex: 1 | 0 | -1;
  email?: string | null;
}

export interface PersistedSession {
  /** A non-empty token, or null. */
  token: string | null;
  profile: Profile | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isSex = (v: unknown): v is Profile["sex"] => v === 1 || v === 0 || v === -1;

/** A profile with only the known fields, or null when a field is missing or of the wrong type. */
export function readProfile(value: unknown): Profile | null {
  if (!isObject(value)) return null;
  const { uid, key, name, face, sex, email } = value;
  if (typeof uid !== "string" || uid.length === 0) return null;
  if (typeof key !== "string" || typeof name !== "string" || typeof face !== "string" || !isSex(sex)) return null;
  if (email !== undefined && email !== null && typeof email !== "string") return null;
  return email === undefined ? { uid, key, name, face, sex } : { uid, key, name, face, sex, email };
}

/** The persisted `{ token, profile }` (both keys required, each may be null), or null when it does not fit. */
export function readPersistedSession(value: unknown): PersistedSession | null {
  if (!isObject(value) || !("token" in value) || !("profile" in value)) return null;
  const { token, profile } = value;
  if (token !== null && (typeof token !== "string" || token.length === 0)) return null;
  if (profile === null) return { token, profile: null };
  const read = readProfile(profile);
  return read ? { token, profile: read } : null;
}
