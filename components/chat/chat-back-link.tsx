"use client";

import { useRouter } from "next/navigation";
import type { MouseEvent } from "react";
import { Link } from "@/components/ui/link";
import { useNavigationStore } from "@/stores/navigation-store";
import { ArrowLeftIcon } from "./chat-icons";

/**
 * The chat header's back arrow on phones (where the site header gives way to the chat): back to the page the
 * user came from in this tab, through the browser's history so that page keeps its scroll; opened directly (a
 * link from elsewhere, a reload), it leads to the character's page.
 */
export function ChatBackLink({ robotId, className = "" }: { robotId: number; className?: string }) {
  const router = useRouter();
  const previous = useNavigationStore((s) => s.previous);
  const fallback = `/character/${robotId}`;

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!previous || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.back();
  }

  return (
    <Link
      href={previous ?? fallback}
      onClick={onClick}
      aria-label="Back"
      title="Back"
      className={`grid size-10 shrink-0 place-items-center rounded-full text-foreground transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring ${className}`}
    >
      <ArrowLeftIcon width={20} height={20} />
    </Link>
  );
}
