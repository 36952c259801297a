import { safeNextPath } from "./safe-next";

/** The age gate's query: where to return (`next`) and, from the NSFW switch, the wish to turn the setting on. */
const NEXT_PARAM = "next";
const NSFW_PARAM = "nsfw";

export interface AgeGateIntent {
  next: string;
  /** Set only by the NSFW switch: confirming also turns "Show 18+ characters" on, so one click is enough. */
  nsfw: boolean;
}

/** The age gate's address for a return path and, from the NSFW switch, the setting to turn on after it. */
export function ageGateHref(next: string, turnNsfwOn = false): string {
  const query = new URLSearchParams({ [NEXT_PARAM]: next });
  if (turnNsfwOn) query.set(NSFW_PARAM, "1");
  return `/age-verification?${query.toString()}`;
}

/** Reads the gate's query: `next` only as a same-site path (never an open redirect), `nsfw` only as exactly "1". */
export function readAgeGateIntent(params: { get(name: string): string | null }): AgeGateIntent {
  return { next: safeNextPath(params.get(NEXT_PARAM)), nsfw: params.get(NSFW_PARAM) === "1" };
}
