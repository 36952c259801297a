import { CLICK_POSITIONS, type ClickPosition } from "./constants";

/**
 * Labelled clicks: a control carries `data-track="<position>"` (SPEC §2) and, where it names something, a
 * `data-track-item` (a character id, a tag key, a plan id, a step). One delegated listener reads them
 * (components/analytics/use-click-tracking.ts), so no handler changes and no text of the page or of what the user
 * typed is ever read.
 */

const POSITION_ATTRIBUTE = "data-track";
const ITEM_ATTRIBUTE = "data-track-item";
const ITEM_PATTERN = /^[\w.:-]{1,100}$/;

export type TrackAttributes = {
  "data-track": ClickPosition;
  "data-track-item"?: string;
};

/** The attributes to spread on a tracked control. */
export function trackClick(position: ClickPosition, item?: string | number): TrackAttributes {
  return item === undefined
    ? { [POSITION_ATTRIBUTE]: position }
    : { [POSITION_ATTRIBUTE]: position, [ITEM_ATTRIBUTE]: String(item) };
}

export interface ClickLabel {
  position: ClickPosition;
  item?: string;
}

interface Labelled {
  getAttribute(name: string): string | null;
}

/** What a click on `target` reports: the nearest labelled ancestor's position and item, or null. */
export function clickLabelOf(target: { closest(selector: string): Labelled | null } | null): ClickLabel | null {
  const labelled = target?.closest(`[${POSITION_ATTRIBUTE}]`);
  if (!labelled) return null;
  const position = labelled.getAttribute(POSITION_ATTRIBUTE);
  if (!isClickPosition(position)) return null;
  const item = labelled.getAttribute(ITEM_ATTRIBUTE);
  return item !== null && ITEM_PATTERN.test(item) ? { position, item } : { position };
}

function isClickPosition(value: string | null): value is ClickPosition {
  return CLICK_POSITIONS.some((position) => position === value);
}
