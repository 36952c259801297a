import * as z from "zod/mini";

/** The cross-window message the payment tab posts to its opener (ARCHITECTURE.md, payment tab flow). */
const paymentMessageSchema = z.object({ code: z.enum(["payment-success", "payment-cancel"]) });
export type PaymentMessage = z.infer<typeof paymentMessageSchema>;

/** Accepts only same-origin messages that are objects with a known code; anything else is ignored. */
export function readPaymentMessage(
  event: Pick<MessageEvent, "origin" | "data">,
  ownOrigin: string,
): PaymentMessage | null {
  if (event.origin !== ownOrigin) return null;
  if (typeof event.data !== "object" || event.data === null || !("code" in event.data)) return null;
  const parsed = paymentMessageSchema.safeParse(event.data);
  return parsed.success ? { code: parsed.data.code } : null;
}

/** Calls `onMessage` for each payment message `target` receives from its own origin; returns the unsubscribe. */
export function listenForPaymentMessages(
  onMessage: (message: PaymentMessage) => void,
  target: Pick<Window, "addEventListener" | "removeEventListener"> & { location: { origin: string } } = window,
): () => void {
  const handler = (event: MessageEvent) => {
    const message = readPaymentMessage(event, target.location.origin);
    if (message) onMessage(message);
  };
  target.addEventListener("message", handler);
  return () => target.removeEventListener("message", handler);
}
