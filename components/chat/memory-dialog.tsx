"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { Spinner } from "@/components/ui/spinner";
import type { MemoryChat } from "@/lib/chat/memory-api";
import { MemoryFacts } from "./memory-facts";
import { MemorySummary } from "./memory-summary";
import { memoryErrorMessage, useChangeMemory, useChatMemory } from "./use-chat-memory";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chat: MemoryChat;
  robotName: string;
}

/**
 * What the character remembers of this chat beyond what the model reads at once: facts the user pinned and a
 * summary of older turns, written in the background. The user reads, edits, pins, unpins and clears it.
 */
export function MemoryDialog({ open, onOpenChange, chat, robotName }: Props) {
  const memory = useChatMemory(chat, open);
  const change = useChangeMemory(chat);
  const [confirmClear, setConfirmClear] = useState(false);
  const data = memory.data;
  const empty = !data || (data.summary === "" && data.facts.length === 0);

  const close = (next: boolean) => {
    if (!next) {
      setConfirmClear(false);
      change.reset();
    }
    onOpenChange(next);
  };

  const footer =
    data?.session_id && !empty ? (
      confirmClear ? (
        <>
          <Button variant="secondary" onClick={() => setConfirmClear(false)}>
            Keep it
          </Button>
          <Button
            variant="destructive"
            disabled={change.isPending}
            onClick={() => change.mutate({ kind: "clear" }, { onSuccess: () => setConfirmClear(false) })}
          >
            Clear memory
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setConfirmClear(true)}>
          Clear memory…
        </Button>
      )
    ) : undefined;

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={close}
      title="Memory"
      description={`What ${robotName} remembers of this chat. It goes into every reply.`}
      footer={footer}
    >
      {confirmClear ? (
        <p role="alert" className="mb-4 rounded-lg border border-destructive/40 px-3 py-2 text-sm">
          Clear the summary and every pinned fact? Turns already summarised are not summarised again.
        </p>
      ) : null}
      {memory.isPending ? (
        <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
          <Spinner label={null} size="sm" /> Loading memory…
        </div>
      ) : memory.isError || !data ? (
        <div className="flex flex-col items-start gap-3 py-4 text-sm">
          <p role="alert">Could not load the memory.</p>
          <Button variant="secondary" size="sm" onClick={() => void memory.refetch()}>
            Try again
          </Button>
        </div>
      ) : data.session_id === null ? (
        <p className="py-4 text-sm text-muted-foreground">
          Nothing to remember yet. Send a message first; then you can pin facts here, and once the chat grows longer
          than the model can read at once, its older turns are summarised here.
        </p>
      ) : (
        <div className="flex flex-col gap-6">
          <MemoryFacts facts={data.facts} change={change} />
          <MemorySummary memory={data} change={change} />
          {change.isError && change.variables?.kind === "clear" ? (
            <p role="alert" className="text-sm text-destructive">
              {memoryErrorMessage(change.error)}
            </p>
          ) : null}
        </div>
      )}
    </ResponsiveDialog>
  );
}
