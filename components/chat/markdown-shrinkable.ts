/**
 * For a box that scrolls sideways (a table, a code block) inside a message bubble. The bubble is as wide as its
 * content up to its max-width, and a plain block would report its widest unbreakable line (a code line, a table
 * row) as its minimum width, widening the bubble past the screen. A one-column grid whose track may shrink to 0
 * reports a minimum of 0 but still its full width as preferred: the bubble grows to fit when there is room, and the
 * box scrolls when there is not.
 */
export const SHRINKABLE = "grid grid-cols-[minmax(0,1fr)]";
