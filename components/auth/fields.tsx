"use client";

import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { FieldFrame, useFieldParts } from "@/components/ui/field-frame";
import { strokeIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";

const INPUT_CLASS =
  "h-11 w-full min-w-0 rounded-lg border border-border bg-background px-3 text-base text-foreground sm:text-sm " +
  "placeholder:text-muted-foreground outline-none transition-colors hover:border-muted-foreground/40 " +
  "focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/40 " +
  "aria-[invalid=true]:border-destructive disabled:opacity-60";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "children"> {
  label: string;
  error?: string;
  /** Current length; with `maxLength` it shows a "count/max" counter (SPEC §5). */
  count?: number;
  /** Inside the input's right edge (e.g. the show/hide toggle). */
  trailing?: ReactNode;
  /** Beside the input (e.g. the Send Code button). */
  aside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error (role alert, linked by aria-describedby) and an optional counter. */
export function TextField({
  label,
  error,
  count,
  trailing,
  aside,
  className,
  id,
  maxLength,
  ref,
  ...input
}: TextFieldProps) {
  const parts = useFieldParts(id, { error, count, maxLength });
  return (
    <FieldFrame parts={parts} label={label} error={error} count={count} maxLength={maxLength} className={className}>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            ref={ref}
            id={parts.fieldId}
            maxLength={maxLength}
            aria-invalid={error ? true : undefined}
            aria-describedby={parts.describedBy}
            className={`${INPUT_CLASS}${trailing ? "pr-11" : ""}`}
            {...input}
          />
          {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
        </div>
        {aside}
      </div>
    </FieldFrame>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, "type" | "trailing">;

/** A password input with a show/hide toggle (SPEC §5). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      autoCapitalize="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          className="inline-flex size-9 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg {...strokeIcon(20)} className="size-5">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="m3 3 18 18" /> : null}
    </svg>
  );
}

/** A message for the whole form (network failures and the like). */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {message}
    </p>
  );
}

export interface LoadingButtonProps extends ButtonProps {
  loading?: boolean;
}

/** A button that shows a spinner and is busy (see `Button`) while its request runs. */
export function LoadingButton({ loading = false, children, ...props }: LoadingButtonProps) {
  return (
    <Button {...props} busy={loading} aria-busy={loading || undefined}>
      {loading ? <Spinner size="sm" label="Please wait" className="[&_svg]:text-current" /> : null}
      {children}
    </Button>
  );
}
