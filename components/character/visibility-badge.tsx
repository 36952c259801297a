import type { RobotDetail } from "@/lib/contracts/catalogue";

type Visibility = RobotDetail["visibility"];

const LABELS: Record<Visibility, string | null> = { public: null, unlisted: "Unlisted", private: "Private" };
const HINTS: Record<Visibility, string> = {
  public: "",
  unlisted: "Reachable by its link only",
  private: "Only you can see it",
};

/** "Unlisted" or "Private" as a visible badge (nothing for public characters). */
export function VisibilityBadge({ visibility, className = "" }: { visibility: Visibility; className?: string }) {
  const label = LABELS[visibility];
  if (!label) return null;
  return (
    <span
      title={HINTS[visibility]}
      data-testid="visibility-badge"
      className={`inline-flex items-center gap-1 rounded-full border border-border bg-muted px-2.5 py-0.5 text-xs font-semibold text-foreground ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-3">
        {visibility === "private" ? (
          <>
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </>
        ) : (
          <>
            <path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1" />
            <path d="M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />
          </>
        )}
      </svg>
      {label}
    </span>
  );
}
