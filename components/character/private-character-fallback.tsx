"use client";

import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useSignedInProfile } from "@/components/auth/header-account";
import { ChatScreen } from "@/components/chat/chat-screen";
import { Spinner } from "@/components/ui/spinner";
import { CharacterView } from "./character-view";
import { useOwnPrivateCharacter } from "./use-own-private-character";

export type FallbackView = "page" | "chat";

export interface PrivateCharacterFallbackProps {
  id: number;
  view: FallbackView;
  /** The 404 page, shown to everyone the API does not answer. */
  children: ReactNode;
}

/**
 * Mounted by the character pages' 404: when signed in, asks the API for the character with the token and, if it
 * answers (the creator's private character), shows the page or the chat here instead of the 404 message.
 */
export function PrivateCharacterFallback({ id, view, children }: PrivateCharacterFallbackProps) {
  const router = useRouter();
  const profile = useSignedInProfile();
  const state = useOwnPrivateCharacter(id, profile?.uid ?? null);
  const path = `/character/${view === "chat" ? "chat/" : ""}${id}`;

  useEffect(() => {
    if (state.status === "age_required") {
      router.replace(`/age-verification?next=${encodeURIComponent(path)}`);
    }
  }, [state.status, path, router]);

  const name = state.status === "found" ? state.robot.name : null;
  useEffect(() => {
    if (name !== null) document.title = `${view === "chat" ? `Chat with ${name}` : name} · Kewl`;
  }, [name, view]);

  if (state.status === "found") {
    return view === "chat" ? <ChatScreen robot={state.robot} /> : <CharacterView robot={state.robot} />;
  }
  if (state.status === "loading" || state.status === "age_required") {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner size="lg" label="Loading the character…" />
      </div>
    );
  }
  return children;
}
