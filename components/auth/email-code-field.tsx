"use client";

import type { ClipboardEvent, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cleanEmailCode } from "@/lib/validation/email-code";
import { LIMITS } from "@/lib/validation/auth-rules";
import { TextField } from "./fields";

export interface EmailCodeFieldProps {
  field: UseFormRegisterReturn;
  /** Sets the field to a whole pasted code (the form's setValue plus whatever editing does). */
  onPasteCode: (code: string) => void;
  length: number;
  error?: string;
  aside?: ReactNode;
  /** Where the code was sent, once it was ("Code sent to …"). */
  sentTo: string | null;
}

/**
 * The 6-digit e-mail code: a numeric keyboard on phones, one-time-code autofill, digits only. A pasted code
 * ("123 456", "Code: 123-456") replaces the field with its digits; maxLength would otherwise cut it before cleaning.
 */
export function EmailCodeField({ field, onPasteCode, length, error, aside, sentTo }: EmailCodeFieldProps) {
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onPasteCode(cleanEmailCode(event.clipboardData.getData("text")));
  };
  return (
    <div className="flex flex-col gap-1.5">
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        placeholder="6-digit code"
        maxLength={LIMITS.emailCode}
        count={length}
        error={error}
        aside={aside}
        {...field}
        onChange={(event) => {
          event.target.value = cleanEmailCode(event.target.value);
          return field.onChange(event);
        }}
        onPaste={onPaste}
      />
      {sentTo ? (
        <p role="status" className="text-sm break-all text-muted-foreground">
          Code sent to {sentTo}
        </p>
      ) : null}
    </div>
  );
}
