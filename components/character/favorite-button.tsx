"use client";

import { useEffect, useState } from "react";
import { apiPost } from "@/lib/api/client";
import { isApiError } from "@/lib/api/errors";
import { formatCount } from "@/lib/format/count";
import { HeartIcon } from "@/components/ui/icons";
import { selectIsLoggedIn, useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { toast } from "@/stores/toast-store";

// Loaded with the answers, so zod stays out of the character page's first-load JavaScript.
const catalogueClient = () => import("@/lib/contracts/catalogue-client");
const favoritesCheckSchema = () => catalogueClient().then((m) => m.favoritesCheckSchema);
const favoriteStateSchema = () => catalogueClient().then((m) => m.favoriteStateSchema);

/** Favourite toggle: signed-out visitors get the login modal; the count comes back from the server. */
export function FavoriteButton({ robotId, initialCount }: { robotId: number; initialCount: number }) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const [favorited, setFavorited] = useState(false);
  const [count, setCount] = useState(initialCount);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!loggedIn) return;
    const ctrl = new AbortController();
    apiPost("/v1/user/favorites/check", { robot_ids: [robotId] }, { schema: favoritesCheckSchema, signal: ctrl.signal })
      .then((r) => setFavorited(r.favorited.includes(robotId)))
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [loggedIn, robotId]);

  async function toggle() {
    if (!loggedIn) return useDialogStore.getState().openLogin();
    if (pending) return;
    const next = !favorited;
    setPending(true);
    setFavorited(next);
    try {
      const state = await apiPost(
        `/v1/user/favorites/${next ? "add" : "remove"}`,
        { robot_id: robotId },
        { schema: favoriteStateSchema },
      );
      setFavorited(state.favorited);
      setCount(state.favorite_count);
    } catch (err) {
      setFavorited(!next);
      if (!isApiError(err) || err.code !== 401) {
        toast({ title: "Could not update favourites", description: "Please try again later", variant: "destructive" });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={toggle}
      // Not `disabled`: that would drop the keyboard's focus to the page (Button's `busy` does the same).
      aria-disabled={pending || undefined}
      aria-pressed={favorited}
      // The name holds the count shown on the button (WCAG 2.5.3, label in name).
      aria-label={`${favorited ? "Remove from favourites" : "Add to favourites"}, ${formatCount(count)}`}
      className={`inline-flex h-11 items-center gap-2 rounded-full border px-5 font-medium transition outline-none focus-visible:ring-2 focus-visible:ring-ring aria-disabled:opacity-70 ${
        favorited ? "border-primary bg-primary/10 text-primary" : "border-border hover:border-primary"
      }`}
    >
      <HeartIcon filled={favorited} width={18} height={18} />
      <span data-testid="favorite-count">{formatCount(count)}</span>
    </button>
  );
}
