type SpinnerSize = "sm" | "md" | "lg";

export interface SpinnerProps {
  /** Announced to screen readers, visually hidden; null for a decorative spinner beside visible text. */
  label?: string | null;
  size?: SpinnerSize;
  className?: string;
}

const SIZES: Record<SpinnerSize, string> = { sm: "size-4", md: "size-5", lg: "size-8" };

/** An accessible loading indicator: role="status" with a visually hidden label. Server-safe. */
export function Spinner({ label = "Loading…", size = "md", className }: SpinnerProps) {
  return (
    <span
      role={label === null ? undefined : "status"}
      className={["inline-flex items-center justify-center", className].filter(Boolean).join(" ")}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        className={`${SIZES[size]} animate-spin text-primary motion-reduce:[animation-duration:1.5s]`}
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label === null ? null : <span className="sr-only">{label}</span>}
    </span>
  );
}
