"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useViewer } from "./use-viewer";

const PersonaDialog = dynamic(() => import("./persona-dialog").then((m) => m.PersonaDialog), { ssr: false });

/** Opens "Your persona" (who you are in this chat and in all chats); signed-in users only. */
export function PersonaButton({ robotId, className = "" }: { robotId: number; className?: string }) {
  const { uid } = useViewer();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (uid === null) return null;
  return (
    <>
      <button
        type="button"
        aria-label="Your persona"
        title="Your persona"
        aria-haspopup="dialog"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring sm:size-10 ${className}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="size-5"
        >
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
        </svg>
      </button>
      {mounted ? <PersonaDialog robotId={robotId} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
