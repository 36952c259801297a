/** SPEC §2: plan cards are styled by position: the first, the second, and the others. */
export type CardPosition = "first" | "second" | "other";

export function cardPosition(index: number): CardPosition {
  return index === 0 ? "first" : index === 1 ? "second" : "other";
}

export const POSITION_STYLES: Record<CardPosition, string> = {
  first: "border-border bg-muted/60",
  second: "border-primary/50 bg-linear-to-b from-primary/12 to-card",
  other: "border-border bg-linear-to-b from-amber-500/10 to-card",
};

/** The ring around the chosen card (with a check mark beside it, so it is not told by colour alone). */
export const SELECTED_STYLE = "border-primary ring-2 ring-primary";

/** The focus ring of a card whose (visually hidden) radio has keyboard focus. */
export const CARD_FOCUS_STYLE =
  "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring";
