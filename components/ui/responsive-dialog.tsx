"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode } from "react";
import { Drawer } from "vaul";
import { DESKTOP_QUERY } from "./breakpoints";
import { useMediaQuery } from "./use-media-query";

/** SPEC §9: a drawer dragged down past a quarter of its height closes. */
export const DRAWER_CLOSE_THRESHOLD = 0.25;

export interface ResponsiveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Always rendered: it is the dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions pinned under the scrolling body. */
  footer?: ReactNode;
  /** Extra classes for the dialog / drawer panel (e.g. a wider `sm:max-w-3xl`). */
  className?: string;
  /** The element to focus on opening (e.g. the chosen radio); by default the first focusable one. */
  initialFocus?: () => HTMLElement | null | undefined;
  /**
   * Runs on Escape before the dialog closes; `preventDefault()` keeps it open (e.g. while a popup inside it
   * handles that Escape itself: the dialog hears the key first).
   */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /** Where focus goes on closing when the opener is no longer on the page (e.g. the row it deleted). */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

const OVERLAY = "fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]";
const TITLE = "text-lg font-semibold leading-tight tracking-tight text-foreground wrap-anywhere";
const DESCRIPTION = "mt-1 text-sm text-muted-foreground wrap-anywhere";
const BODY = "min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-5";
const CLOSE =
  "absolute right-3 top-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground " +
  "outline-none transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";
/** The Close button's mark (`data-dialog-close`): focus never starts there. */
const CLOSE_MARK = "data-dialog-close";
const FOOTER = "flex flex-col-reverse gap-2 border-t border-border px-5 py-4 sm:flex-row sm:justify-end";

function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-4">
      <path d="M18 6 6 18M6 6l12 12" strokeLinecap="round" />
    </svg>
  );
}

function join(...parts: Array<string | undefined>): string {
  return parts.filter(Boolean).join(" ");
}

interface FocusReturn {
  onOpenAutoFocus: (event: Event) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Focus starts on `initialFocus` when given, else on the first control Radix finds; when that is the Close button
 * (nothing else to focus yet, say while the packages load), on the dialog itself, so a screen reader reads its
 * title and Tab goes to its first control. It goes back to whatever opened the dialog: Radix returns it only to a
 * Dialog.Trigger, and these dialogs are opened from anywhere (a header button, a menu item, a refused chat
 * message), so the opener is remembered when the dialog takes focus (the opener still has it then) and focused
 * again on close, if it is still on the page.
 */
function useFocusReturn(
  initialFocus: ResponsiveDialogProps["initialFocus"],
  fallbackFocus: ResponsiveDialogProps["fallbackFocus"],
): FocusReturn {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      const first = initialFocus?.();
      if (first) {
        event.preventDefault();
        first.focus();
        return;
      }
      // Radix focuses its first candidate right after this handler returns, before any queued microtask.
      const dialog = event.target;
      queueMicrotask(() => {
        const active = document.activeElement;
        if (dialog instanceof HTMLElement && active instanceof HTMLElement && active.hasAttribute(CLOSE_MARK))
          dialog.focus();
      });
    },
    onCloseAutoFocus: (event) => {
      const target = opener.current?.isConnected ? opener.current : fallbackFocus?.();
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

/**
 * A modal that is a centred Radix dialog at >= 640px and a vaul bottom drawer below (SPEC §2).
 * Both trap focus, close on Escape and on an overlay click, give focus back to their opener, and report through
 * `onOpenChange`.
 */
export function ResponsiveDialog(props: ResponsiveDialogProps) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const focusReturn = useFocusReturn(props.initialFocus, props.fallbackFocus);
  return desktop ? (
    <CentredDialog {...props} focusReturn={focusReturn} />
  ) : (
    <BottomDrawer {...props} focusReturn={focusReturn} />
  );
}

type PanelProps = ResponsiveDialogProps & { focusReturn: FocusReturn };

function CentredDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
  focusReturn,
  onEscapeKeyDown,
}: PanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={join(OVERLAY, "motion-safe:animate-fade-in")} />
        <Dialog.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          {...focusReturn}
          onEscapeKeyDown={onEscapeKeyDown}
          className={join(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2",
            "flex-col rounded-2xl border border-border bg-card text-foreground shadow-2xl outline-none",
            "motion-safe:animate-dialog-in",
            className,
          )}
        >
          <div className="shrink-0 px-5 pt-5 pr-12 pb-3">
            <Dialog.Title className={TITLE}>{title}</Dialog.Title>
            {description ? <Dialog.Description className={DESCRIPTION}>{description}</Dialog.Description> : null}
          </div>
          <div className={BODY}>{children}</div>
          {footer ? <div className={FOOTER}>{footer}</div> : null}
          <Dialog.Close aria-label="Close" className={CLOSE} data-dialog-close="">
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BottomDrawer({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
  focusReturn,
  onEscapeKeyDown,
}: PanelProps) {
  return (
    <Drawer.Root autoFocus open={open} onOpenChange={onOpenChange} closeThreshold={DRAWER_CLOSE_THRESHOLD}>
      <Drawer.Portal>
        <Drawer.Overlay className={OVERLAY} />
        <Drawer.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          {...focusReturn}
          onEscapeKeyDown={onEscapeKeyDown}
          className={join(
            "fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-2xl border-t border-border",
            "bg-card pb-[env(safe-area-inset-bottom)] text-foreground shadow-2xl outline-none",
            className,
          )}
        >
          <div aria-hidden="true" className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-muted-foreground/30" />
          <div className="shrink-0 px-12 pt-4 pb-3 text-center">
            <Drawer.Title className={TITLE}>{title}</Drawer.Title>
            {description ? <Drawer.Description className={DESCRIPTION}>{description}</Drawer.Description> : null}
          </div>
          <div className={BODY}>{children}</div>
          {footer ? <div className={FOOTER}>{footer}</div> : null}
          <Drawer.Close aria-label="Close" className={CLOSE} data-dialog-close="">
            <CloseIcon />
          </Drawer.Close>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
