"use client";

import { useId, type ReactNode } from "react";

export interface FieldParts {
  /** The control's id (the given one, or a generated one). */
  fieldId: string;
  hintId: string;
  errorId: string;
  counterId: string;
  /** For the control's aria-describedby: the hint, the error and the counter that are shown. */
  describedBy: string | undefined;
  showCounter: boolean;
}

/** The ids a labelled control and its hint, error and counter share. */
export function useFieldParts(
  id: string | undefined,
  shown: { hint?: unknown; error?: unknown; count?: number; maxLength?: number },
): FieldParts {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const parts = { hintId: `${fieldId}-hint`, errorId: `${fieldId}-error`, counterId: `${fieldId}-count` };
  const showCounter = shown.count !== undefined && shown.maxLength !== undefined;
  const describedBy =
    [shown.hint ? parts.hintId : null, shown.error ? parts.errorId : null, showCounter ? parts.counterId : null]
      .filter(Boolean)
      .join(" ") || undefined;
  return { fieldId, ...parts, describedBy, showCounter };
}

export interface FieldFrameProps {
  parts: FieldParts;
  label: ReactNode;
  hint?: string;
  error?: string;
  /** Current length and maximum: the "count/max" counter of SPEC §5 (shown when parts.showCounter). */
  count?: number;
  maxLength?: number;
  className?: string;
  /** The control itself, with parts.fieldId as its id. */
  children: ReactNode;
}

/** A control's label with its counter, an optional hint line, the control, and its error (role alert). */
export function FieldFrame({ parts, label, hint, error, count, maxLength, className, children }: FieldFrameProps) {
  return (
    <div className={["flex flex-col gap-1.5", className].filter(Boolean).join(" ")}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={parts.fieldId} className="text-sm font-medium">
          {label}
        </label>
        {parts.showCounter ? (
          <span id={parts.counterId} className="text-xs text-muted-foreground tabular-nums" aria-live="off">
            {count}/{maxLength}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={parts.hintId} className="-mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={parts.errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
