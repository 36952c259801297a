"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { sendRegisterCode } from "@/lib/auth/login-flows";
import { useCountdown } from "./use-countdown";

/**
 * Sends the 6-digit register code (send_email type 4). Busy while sending, then disabled for 60 seconds with the
 * time left shown as "60s", "59s", … (SPEC §4); `onSent` lets the form say where it went and move the focus on to
 * the code, before the button is disabled under it. Failures are only logged (SPEC §8): the button, busy rather than
 * disabled while sending so that it keeps the keyboard's focus, can be pressed again.
 */
export function SendCodeButton({ email, onSent }: { email: string; onSent?: () => void }) {
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();

  async function send() {
    setSending(true);
    const sent = await sendRegisterCode(email);
    setSending(false);
    if (!sent) return;
    countdown.start();
    onSent?.();
  }

  return (
    <Button
      variant="secondary"
      onClick={send}
      disabled={countdown.running}
      busy={sending}
      aria-busy={sending || undefined}
      className="h-11 w-32 tabular-nums"
    >
      {sending ? <Spinner size="sm" label="Sending code" /> : null}
      {countdown.running ? `${countdown.remaining}s` : sending ? "Sending" : "Send Code"}
    </Button>
  );
}
