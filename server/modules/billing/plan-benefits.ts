import type { ProductRight } from "../../../lib/contracts/billing-client";

/**
 * What a subscription plan buys: the one rule (issue 12, item 8). Chat metering prices replies from these
 * benefits while the plan is in its paid period, and the plan's card lists rights derived from the same values by
 * rightsOf, so what a card promises is what a reply costs.
 */
export interface PlanBenefits {
  /** The daily free allowance is lifted on models whose coin cost is 0. */
  unlimitedStandard: boolean;
  /** Premium models cost this percent of their coin cost (rounded up, at least 1 coin when they cost any). */
  premiumCoinPercent: number;
}

/** A premium model's coin cost for a holder of the plan. */
export function premiumCoins(coinCost: number, percent: number): number {
  if (coinCost <= 0) return 0;
  return Math.max(1, Math.ceil((coinCost * percent) / 100));
}

/**
 * The card's rights (val '1' included, '0' not), derived from the benefits. Without unlimited replies the plan
 * lists the daily free replies everyone has as included, so the free plan shows what it gives and what it lacks.
 */
export function rightsOf(benefits: PlanBenefits, freeRepliesPerDay: number): ProductRight[] {
  const rights: ProductRight[] = [];
  if (!benefits.unlimitedStandard && freeRepliesPerDay > 0) {
    const replies = freeRepliesPerDay === 1 ? "1 free reply" : `${freeRepliesPerDay} free replies`;
    rights.push({ name: `${replies} a day on the Standard model`, val: "1" });
  }
  rights.push({ name: "Unlimited replies on the Standard model", val: benefits.unlimitedStandard ? "1" : "0" });
  const percent = benefits.premiumCoinPercent;
  if (percent >= 100) rights.push({ name: "Premium models at a lower coin cost", val: "0" });
  else if (percent === 0) rights.push({ name: "Premium models at 1 coin per reply", val: "1" });
  else rights.push({ name: `Premium models at ${percent}% of the coin cost`, val: "1" });
  return rights;
}
