import { isAllowedAvatarUrl } from "../../../lib/format/avatar-url";
import { getConfig } from "../../config";
import { avatarPath } from "./render-avatar";

/**
 * The process's avatar rule (lib/format/avatar-url.ts with AVATAR_HOSTS): what input may store and what stored
 * data may show. createApi() sets the hosts from its config; Next's server bundle is a separate module instance,
 * hence globalThis, and reading the configuration itself when nothing set them.
 */
const KEY = Symbol.for("kewl.avatarHosts");
type Holder = { [KEY]?: readonly string[] };

export function setAvatarHosts(hosts: readonly string[]): void {
  (globalThis as Holder)[KEY] = [...hosts];
}

function avatarHosts(): readonly string[] {
  return (globalThis as Holder)[KEY] ?? getConfig().AVATAR_HOSTS;
}

/** An avatar URL input may store: this site's avatar route or https on an AVATAR_HOSTS host. */
export function isAcceptedAvatar(url: string): boolean {
  return isAllowedAvatarUrl(url, avatarHosts());
}

/** A character's avatar as shown: the stored one when allowed, else the avatar generated from its key. */
export function shownCharacterAvatar(stored: string, key: string): string {
  return isAcceptedAvatar(stored) ? stored : avatarPath("bottts", key);
}

/** A user's face as shown: the stored one when allowed, else none (pages draw the name's initial). */
export function shownUserFace(stored: string): string {
  return stored !== "" && isAcceptedAvatar(stored) ? stored : "";
}
