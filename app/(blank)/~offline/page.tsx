import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { OfflineRecentChats } from "@/components/pwa/offline-recent-chats";
import { TryAgainButton } from "@/components/pwa/try-again-button";

export const metadata: Metadata = { title: "You're offline", robots: { index: false } };

/**
 * What the service worker shows for a page it cannot fetch and never stored (precached at install). Its list of
 * recent chats comes from this browser's storage, since nothing else can be reached.
 */
export default function OfflinePage() {
  return (
    <main className="grid gap-6">
      <Link href="/" className="text-sm font-semibold text-primary">
        ← Kewl
      </Link>
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">You&apos;re offline</h1>
        <p className="text-muted-foreground">
          This page isn&apos;t saved on your device. Check your connection and try again; pages you have opened before
          still work.
        </p>
      </div>
      <div>
        <TryAgainButton />
      </div>
      <OfflineRecentChats />
    </main>
  );
}
