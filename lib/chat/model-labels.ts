import type { ChatModel } from "@/lib/contracts/chat-client";

/** Cost per reply as shown next to a model: "Free", "1 coin", "2 coins". */
export function costLabel(model: Pick<ChatModel, "coin_cost">): string {
  if (model.coin_cost <= 0) return "Free";
  return `${model.coin_cost} coin${model.coin_cost === 1 ? "" : "s"}`;
}

/** "N free replies left today"; null when there is no daily limit (subscribed) or nothing is known. */
export function freeRepliesLabel(left: number | null | undefined): string | null {
  if (left === null || left === undefined) return null;
  if (left <= 0) return "No free replies left today";
  return `${left} free ${left === 1 ? "reply" : "replies"} left today`;
}

/** The same, without "left today", for a phone's chat header: "N free replies", "No free replies"; or null. */
export function freeRepliesShortLabel(left: number | null | undefined): string | null {
  if (left === null || left === undefined) return null;
  if (left <= 0) return "No free replies";
  return `${left} free ${left === 1 ? "reply" : "replies"}`;
}

export function coinsLabel(balance: number): string {
  return `${balance} coin${balance === 1 ? "" : "s"}`;
}
