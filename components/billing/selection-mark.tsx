import { IncludedIcon } from "./billing-icons";

/** The round mark in a choice card's corner: empty, or filled with a check when chosen (not colour alone). */
export function SelectionMark({ selected }: { selected: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`grid size-5 shrink-0 place-items-center rounded-full border-2 ${
        selected ? "border-primary bg-primary text-primary-foreground" : "border-muted-foreground/60"
      }`}
    >
      {selected ? <IncludedIcon width={12} height={12} strokeWidth={3} /> : null}
    </span>
  );
}
