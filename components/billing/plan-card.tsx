"use client";

import { useId } from "react";
import type { SubscriptionProduct } from "@/lib/contracts/billing-client";
import { formatExpiryDate, splitPlanPrice } from "@/lib/format/money";
import { IncludedIcon, NotIncludedIcon } from "./billing-icons";
import { CARD_FOCUS_STYLE, POSITION_STYLES, SELECTED_STYLE, type CardPosition } from "./card-position";
import { SelectionMark } from "./selection-mark";

export interface PlanCardProps {
  plan: SubscriptionProduct;
  position: CardPosition;
  /** The radio group's name. */
  name: string;
  selected: boolean;
  /** Paid-until time in seconds when this is the user's plan (active or cancelled). */
  heldUntil: number | null;
  onSelect: () => void;
}

/** One plan of 'Choose your subscription' (SPEC §2.3): a radio card with price, remind note and rights. */
export function PlanCard({ plan, position, name, selected, heldUntil, onSelect }: PlanCardProps) {
  const id = useId();
  const { amount, period } = splitPlanPrice(plan.price);
  return (
    <label
      data-testid="plan-card"
      data-position={position}
      data-selected={selected || undefined}
      className={`relative flex w-[78%] max-w-72 shrink-0 cursor-pointer snap-center flex-col rounded-2xl border p-4 transition-shadow sm:w-auto sm:max-w-none ${POSITION_STYLES[position]} ${selected ? SELECTED_STYLE : "hover:border-muted-foreground/40"} ${CARD_FOCUS_STYLE}`}
    >
      <input
        type="radio"
        name={name}
        value={plan.product_id}
        checked={selected}
        onChange={onSelect}
        aria-label={`${plan.name}${heldUntil !== null ? " (your plan)" : ""}, ${plan.price}`}
        aria-describedby={`${id}-details`}
        className="sr-only"
      />
      <span className="flex items-start justify-between gap-2">
        <span className="text-base font-semibold">
          {plan.name}
          {heldUntil !== null ? (
            <span className="ml-2 inline-block rounded-full bg-primary px-2 py-0.5 align-middle text-[0.6875rem] font-semibold text-primary-foreground">
              Your plan
            </span>
          ) : null}
        </span>
        <SelectionMark selected={selected} />
      </span>
      <span className="mt-2 flex items-baseline gap-1">
        <span className="text-3xl font-bold tracking-tight" data-testid="plan-amount">
          {amount}
        </span>
        {period ? (
          <span className="text-sm text-muted-foreground" data-testid="plan-period">
            /{period}
          </span>
        ) : null}
      </span>
      <span id={`${id}-details`} className="contents">
        {plan.remind ? (
          <span className="mt-1 text-sm font-medium text-primary" data-testid="plan-remind">
            {plan.remind}
          </span>
        ) : null}
        {heldUntil !== null ? (
          <span className="mt-2 text-sm font-medium" data-testid="plan-expires">
            Expires: {formatExpiryDate(heldUntil)}
          </span>
        ) : null}
        <span className="mt-3 block border-t border-border pt-3" role="list" aria-label={`${plan.name} includes`}>
          {plan.rights.map((right) => (
            <Right key={right.name} name={right.name} included={right.val === "1"} />
          ))}
        </span>
      </span>
    </label>
  );
}

function Right({ name, included }: { name: string; included: boolean }) {
  const Icon = included ? IncludedIcon : NotIncludedIcon;
  return (
    <span
      role="listitem"
      data-testid="plan-right"
      data-included={included}
      className={`flex items-start gap-2 py-1 text-sm ${included ? "" : "text-muted-foreground"}`}
    >
      <Icon
        width={16}
        height={16}
        className={`mt-0.5 shrink-0 ${included ? "text-emerald-700 dark:text-emerald-400" : "text-muted-foreground"}`}
      />
      <span className="sr-only">{included ? "Included: " : "Not included: "}</span>
      <span>{name}</span>
    </span>
  );
}
