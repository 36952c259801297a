import { isAllowedAvatarUrl, isUploadedAvatarUrl } from "../../../lib/format/avatar-url";
import { getConfig } from "../../config";
import { avatarPath } from "./render-avatar";

/**
 * The process's avatar rule (lib/format/avatar-url.ts with AVATAR_HOSTS): what input may store and what stored
 * data may show. createApi() sets the hosts from its config; Next's server bundle is a separate module instance,
 * hence globalThis, and reading the configuration itself when nothing set them.
 */
const KEY = Symbol.for("kewl.avatarHosts");
const UPLOADS_KEY = Symbol.for("kewl.uploadedAvatarBase");
type Holder = { [KEY]?: readonly string[]; [UPLOADS_KEY]?: string | null };

export function setAvatarHosts(hosts: readonly string[]): void {
  (globalThis as Holder)[KEY] = [...hosts];
}

/** S3_PUBLIC_URL when uploads go to S3 (its verified copies are avatars too), else null. */
export function setUploadedAvatarBase(base: string | null): void {
  (globalThis as Holder)[UPLOADS_KEY] = base;
}

function avatarHosts(): readonly string[] {
  return (globalThis as Holder)[KEY] ?? getConfig().AVATAR_HOSTS;
}

function uploadedAvatarBase(): string | null {
  const holder = globalThis as Holder;
  if (holder[UPLOADS_KEY] !== undefined) return holder[UPLOADS_KEY];
  const config = getConfig();
  return config.S3_BUCKET ? (config.S3_PUBLIC_URL ?? null) : null;
}

/**
 * An avatar URL input may store: this site's avatar route, a verified upload (served here, or under S3_PUBLIC_URL),
 * or https on an AVATAR_HOSTS host. An upload that was not verified (incoming/…) is none of these.
 */
export function isAcceptedAvatar(url: string): boolean {
  return isAllowedAvatarUrl(url, avatarHosts()) || isUploadedAvatarUrl(url, uploadedAvatarBase());
}

/** A character's avatar as shown: the stored one when allowed, else the avatar generated from its key. */
export function shownCharacterAvatar(stored: string, key: string): string {
  return isAcceptedAvatar(stored) ? stored : avatarPath("bottts", key);
}

/** A user's face as shown: the stored one when allowed, else none (pages draw the name's initial). */
export function shownUserFace(stored: string): string {
  return stored !== "" && isAcceptedAvatar(stored) ? stored : "";
}
