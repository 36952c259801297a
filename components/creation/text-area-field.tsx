"use client";

import { type ReactNode, type Ref, type TextareaHTMLAttributes } from "react";
import { FieldFrame, useFieldParts } from "@/components/ui/field-frame";

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

/** A labelled textarea with a hint, a counter and its error (components/ui/field-frame.tsx). */
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
  const parts = useFieldParts(id, { hint, error, count, maxLength });
  return (
    <FieldFrame
      parts={parts}
      label={label}
      hint={hint}
      error={error}
      count={count}
      maxLength={maxLength}
      className={className}
    >
      <textarea
        ref={ref}
        id={parts.fieldId}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={parts.describedBy}
        className={TEXTAREA_CLASS}
        {...textarea}
      />
    </FieldFrame>
  );
}
