"use client";

import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";

/**
 * Open state of a button's popup (a menu or a listbox). While it is open, a pointer press outside `rootRef` closes
 * it; `close()` gives focus back to the button unless told not to. `onOpen` runs each time it opens, after render,
 * to move focus into the popup.
 */
export function usePopup(onOpen: () => void) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onOpenRef = useRef(onOpen);

  useEffect(() => {
    onOpenRef.current = onOpen;
  });

  useEffect(() => {
    if (!open) return;
    onOpenRef.current();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function close(returnFocus = true) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  /**
   * For the root of a disclosure (a group of buttons rather than a menu): Escape closes it back to the button (and
   * goes no further, so a dialog around it stays open); focus leaving the root closes it.
   */
  const disclosureProps = {
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !open) return;
      event.preventDefault();
      event.stopPropagation();
      close();
    },
    onBlur: (event: FocusEvent) => {
      if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close(false);
    },
  };

  return { open, show: () => setOpen(true), close, rootRef, buttonRef, disclosureProps };
}
