"use client";

import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from "react";

const TEXTAREA_CLASS =
  "w-full min-w-0 resize-y rounded-lg border border-border bg-background px-3 py-2 text-base text-foreground " +
  "sm:text-sm placeholder:text-muted-foreground outline-none transition-colors hover:border-muted-foreground/40 " +
  "focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/40 aria-[invalid=true]:border-destructive";

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "children"> {
  label: ReactNode;
  /** A line under the label saying what the field is for. */
  hint?: string;
  error?: string;
  /** Current length; with `maxLength` it shows a "count/max" counter (SPEC §5). */
  count?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea with a hint, a counter and its error (role alert, linked by aria-describedby). */
export function TextAreaField({
  label,
  hint,
  error,
  count,
  id,
  maxLength,
  className,
  ref,
  ...textarea
}: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const counterId = `${fieldId}-count`;
  const showCounter = count !== undefined && maxLength !== undefined;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, showCounter ? counterId : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className={["flex flex-col gap-1.5", className].filter(Boolean).join(" ")}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium">
          {label}
        </label>
        {showCounter ? (
          <span id={counterId} className="text-xs text-muted-foreground tabular-nums" aria-live="off">
            {count}/{maxLength}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="-mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <textarea
        ref={ref}
        id={fieldId}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={TEXTAREA_CLASS}
        {...textarea}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
