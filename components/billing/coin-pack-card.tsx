"use client";

import { useId } from "react";
import { CoinIcon } from "@/components/chat/chat-icons";
import { coinPackView } from "@/lib/billing/coin-rules";
import type { CoinProduct } from "@/lib/contracts/billing-client";
import { CARD_FOCUS_STYLE, SELECTED_STYLE } from "./card-position";
import { SelectionMark } from "./selection-mark";

export interface CoinPackCardProps {
  pack: CoinProduct;
  name: string;
  selected: boolean;
  onSelect: () => void;
}

/** One coin package of 'Get Coins' (SPEC §2.4): coins, price (and the original one with the discount), remind. */
export function CoinPackCard({ pack, name, selected, onSelect }: CoinPackCardProps) {
  const id = useId();
  const view = coinPackView(pack);
  return (
    <label
      data-testid="coin-pack"
      data-disabled={!view.available || undefined}
      data-selected={selected || undefined}
      className={`relative flex flex-col rounded-2xl border bg-card p-3.5 transition-shadow sm:p-4 ${
        // Disabled (coming soon): dashed and dimmed, like a disabled control.
        view.available
          ? "cursor-pointer hover:border-muted-foreground/40"
          : "cursor-not-allowed border-dashed opacity-60"
      } ${selected ? SELECTED_STYLE : "border-border"} ${CARD_FOCUS_STYLE}`}
    >
      <input
        type="radio"
        name={name}
        value={pack.product_id}
        checked={selected}
        disabled={!view.available}
        onChange={onSelect}
        aria-label={[
          `${view.coins} coins`,
          view.name,
          view.price,
          view.originalPrice === null ? null : `was ${view.originalPrice}, ${view.discountPercent}% off`,
        ]
          .filter(Boolean)
          .join(", ")}
        aria-describedby={`${id}-details`}
        className="sr-only"
      />
      {view.discountPercent !== null ? (
        <span
          data-testid="coin-discount"
          className="absolute -top-2.5 left-3 rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground"
        >
          -{view.discountPercent}%
        </span>
      ) : null}
      <span className="flex items-start justify-between gap-2">
        <span className="flex min-w-0 flex-col">
          <span className="text-sm font-medium wrap-anywhere text-muted-foreground" data-testid="coin-name">
            {view.name}
          </span>
          <span className="flex items-center gap-1.5 text-xl font-bold tracking-tight">
            <CoinIcon width={20} height={20} className="shrink-0 text-amber-600 dark:text-amber-400" />
            <span data-testid="coin-count">{view.coins}</span>
          </span>
        </span>
        {view.available ? <SelectionMark selected={selected} /> : null}
      </span>
      <span aria-hidden="true" className="mt-2 flex flex-wrap items-baseline gap-x-2">
        <span className="text-lg font-semibold" data-testid="coin-price">
          {view.price}
        </span>
        {view.originalPrice !== null ? (
          <span className="text-sm text-muted-foreground line-through" data-testid="coin-original-price">
            {view.originalPrice}
          </span>
        ) : null}
      </span>
      <span id={`${id}-details`} className="contents">
        {view.remind ? (
          <span className="mt-1 text-xs font-medium text-muted-foreground" data-testid="coin-remind">
            {view.remind}
          </span>
        ) : null}
      </span>
    </label>
  );
}
