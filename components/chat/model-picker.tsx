"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { costLabel } from "@/lib/chat/model-labels";
import type { ChatModel } from "@/lib/contracts/chat-client";
import { usePopup } from "@/components/ui/use-popup";
import { useDialogStore } from "@/stores/dialog-store";
import { CheckIcon, ChevronDownIcon } from "./chat-icons";
import { useChatModels, useChooseModel } from "./use-chat-models";

function purchaseFor(model: ChatModel): "coins" | "subscription" {
  return model.coin_cost > 0 ? "coins" : "subscription";
}

function openPurchaseFor(model: ChatModel): void {
  const dialogs = useDialogStore.getState();
  if (purchaseFor(model) === "coins") dialogs.openCoins();
  else dialogs.openSubscription();
}

/**
 * The model picker (listbox pattern): the button opens a list of models with their cost per reply, a Demo badge
 * and, for unavailable ones, the reason; picking one of those opens Get Coins (or the plans when the free replies
 * are used up). Arrows, Home and End move; Enter or Space picks; Escape and Tab close.
 */
interface Props {
  robotId: number;
  robotKey: string;
  /** Placement in the chat header. */
  className?: string;
}

export function ModelPicker({ robotId, robotKey, className = "" }: Props) {
  const { data } = useChatModels(robotKey);
  const { choose, saving } = useChooseModel(robotId, robotKey);
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const { open, show, close, rootRef, buttonRef } = usePopup(() => listRef.current?.focus());

  const models = data?.list ?? [];
  const current = models.find((m) => m.key === data?.current) ?? null;

  useEffect(() => {
    if (open) listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [open, active]);

  function openList() {
    setActive(
      Math.max(
        0,
        models.findIndex((m) => m.key === current?.key),
      ),
    );
    show();
  }

  function pick(model: ChatModel | undefined) {
    if (!model) return;
    close(true);
    // A model this user cannot pay for now leads to what would pay for it: coins, or a plan for free replies.
    if (!model.available) return openPurchaseFor(model);
    void choose(model.key);
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openList();
    }
  }

  function onListKeyDown(event: KeyboardEvent) {
    const last = models.length - 1;
    const move = (to: number) => {
      event.preventDefault();
      setActive(Math.min(last, Math.max(0, to)));
    };
    switch (event.key) {
      case "ArrowDown":
        return move(active + 1);
      case "ArrowUp":
        return move(active - 1);
      case "Home":
        return move(0);
      case "End":
        return move(last);
      case "Enter":
      case " ":
        event.preventDefault();
        return pick(models[active]);
      case "Escape":
        event.preventDefault();
        return close(true);
      case "Tab":
        return close(false);
    }
  }

  const label = current ? `${current.name}, ${costLabel(current)}` : "Loading models";
  return (
    <div ref={rootRef} className={`relative max-w-full min-w-0 ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`Model: ${label}`}
        title={current ? label : undefined}
        disabled={!current}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onButtonKeyDown}
        className="inline-flex h-8 max-w-full items-center gap-1.5 rounded-full border border-border bg-background pr-2 pl-3 text-sm font-medium transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 sm:h-9 sm:max-w-[16rem]"
      >
        <span className="truncate">{current?.name ?? "Model"}</span>
        {current ? (
          <span className="hidden shrink-0 text-xs font-normal text-muted-foreground min-[420px]:inline">
            · {costLabel(current)}
          </span>
        ) : null}
        <ChevronDownIcon
          width={16}
          height={16}
          className={`shrink-0 text-muted-foreground transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""} ${saving ? "animate-pulse" : ""}`}
        />
      </button>
      {open ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label="Choose a model"
          aria-activedescendant={`${listId}-${active}`}
          onKeyDown={onListKeyDown}
          className="absolute top-full right-0 z-30 mt-2 max-h-[min(24rem,60dvh)] w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-border bg-card p-1.5 shadow-xl outline-none focus-visible:ring-2 focus-visible:ring-ring motion-safe:animate-fade-in"
        >
          {models.map((model, index) => (
            <ModelOption
              key={model.key}
              id={`${listId}-${index}`}
              index={index}
              model={model}
              selected={model.key === current?.key}
              active={index === active}
              onHover={() => setActive(index)}
              onPick={() => pick(model)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

interface ModelOptionProps {
  id: string;
  index: number;
  model: ChatModel;
  selected: boolean;
  active: boolean;
  onHover: () => void;
  onPick: () => void;
}

function ModelOption({ id, index, model, selected, active, onHover, onPick }: ModelOptionProps) {
  return (
    <li
      id={id}
      data-index={index}
      role="option"
      aria-selected={selected}
      aria-disabled={!model.available || undefined}
      onPointerMove={onHover}
      onClick={onPick}
      className={`flex cursor-pointer gap-2 rounded-lg px-2.5 py-2 text-sm aria-disabled:cursor-not-allowed ${active ? "bg-muted" : ""}`}
    >
      <CheckIcon width={16} height={16} className={`mt-0.5 shrink-0 text-primary ${selected ? "" : "invisible"}`} />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-1.5">
          <span className={`font-medium ${model.available ? "" : "text-muted-foreground"}`}>{model.name}</span>
          {model.demo ? (
            <span className="rounded-full border border-border px-1.5 text-[0.6875rem] font-semibold tracking-wide text-muted-foreground uppercase">
              Demo
            </span>
          ) : null}
          <span
            className={`ml-auto rounded-full px-2 text-xs font-medium ${model.coin_cost > 0 ? "bg-primary/10 text-primary" : "bg-muted text-muted-foreground"}`}
          >
            {costLabel(model)}
          </span>
        </span>
        {model.description ? (
          <span className="mt-0.5 block text-xs text-muted-foreground">{model.description}</span>
        ) : null}
        {!model.available && model.reason ? (
          <span className="mt-0.5 block text-xs font-medium text-destructive">
            {model.reason}
            <span className="text-primary"> · {purchaseFor(model) === "coins" ? "Get coins" : "See plans"}</span>
          </span>
        ) : null}
      </span>
    </li>
  );
}
