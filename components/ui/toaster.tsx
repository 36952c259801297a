"use client";

import * as ToastPrimitive from "@radix-ui/react-toast";
import { dismissToast, type Toast, TOAST_DURATION_MS, type ToastVariant, useToastStore } from "@/stores/toast-store";

/** SPEC §9: swipe 50 px right to dismiss; F8 focuses the toast region. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];

const ROOT =
  "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 " +
  "shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-ring " +
  "motion-safe:data-[state=open]:animate-toast-in motion-safe:data-[state=closed]:animate-fade-out " +
  "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 " +
  "data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] " +
  "motion-safe:data-[swipe=end]:animate-toast-swipe-out";

export const TOAST_VARIANT_CLASS: Record<ToastVariant, string> = {
  default: "border-border bg-card text-foreground",
  destructive: "destructive border-destructive bg-destructive text-destructive-foreground",
};

const ACTION =
  "inline-flex h-8 shrink-0 items-center justify-center rounded-md border px-3 text-sm font-medium outline-none " +
  "transition-colors focus-visible:ring-2 focus-visible:ring-ring border-border hover:bg-muted " +
  "group-[.destructive]:border-destructive-foreground/40 group-[.destructive]:hover:bg-destructive-foreground/15 group-[.destructive]:focus-visible:ring-destructive-foreground";

const CLOSE =
  "absolute right-2 top-2 inline-flex size-7 items-center justify-center rounded-md opacity-70 outline-none " +
  "transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring " +
  "group-[.destructive]:focus-visible:ring-destructive-foreground";

/** Renders the toast store. Mount once, inside <body> of the root layout. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((t) => (
        <ToastView key={t.id} toast={t} />
      ))}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        label="Notifications ({hotkey})"
        className={
          // Top on phones, so a toast never covers a bottom drawer's main button; bottom-right from 640px.
          "fixed top-0 right-0 left-0 z-[100] m-0 flex max-h-dvh list-none flex-col gap-2 p-4 outline-none " +
          "pt-[max(1rem,env(safe-area-inset-top))] " +
          "sm:top-auto sm:bottom-0 sm:left-auto sm:w-full sm:max-w-sm sm:pt-4 sm:pb-[max(1rem,env(safe-area-inset-bottom))] " +
          "focus-visible:ring-2 focus-visible:ring-ring"
        }
      />
    </ToastPrimitive.Provider>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  return (
    <ToastPrimitive.Root
      open={toast.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(toast.id);
      }}
      type={toast.variant === "destructive" ? "foreground" : "background"}
      className={`${ROOT} ${TOAST_VARIANT_CLASS[toast.variant]}`}
    >
      <div className="grid min-w-0 flex-1 gap-1 wrap-anywhere">
        <ToastPrimitive.Title className="text-sm font-semibold">{toast.title}</ToastPrimitive.Title>
        {toast.description ? (
          <ToastPrimitive.Description className="text-sm opacity-90">{toast.description}</ToastPrimitive.Description>
        ) : null}
      </div>
      {toast.action ? (
        <ToastPrimitive.Action altText={toast.action.label} onClick={toast.action.onClick} className={ACTION}>
          {toast.action.label}
        </ToastPrimitive.Action>
      ) : null}
      <ToastPrimitive.Close aria-label="Close" className={CLOSE}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="size-4"
        >
          <path d="M18 6 6 18M6 6l12 12" strokeLinecap="round" />
        </svg>
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
