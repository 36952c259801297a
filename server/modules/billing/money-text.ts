/** Prices as people read them, from integer cents (ARCHITECTURE.md: nothing is ever a float). */

const SYMBOL: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };

/** 899 USD → "$8.99"; a currency without a symbol here → "8.99 CHF". Always 2 decimals. */
export function formatMoney(cents: number, currency: string): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const amount = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  const code = currency.toUpperCase();
  const symbol = SYMBOL[code];
  return symbol ? `${sign}${symbol}${amount}` : `${sign}${amount} ${code}`;
}

/** A plan's period as the part of its price after the slash: 30 → "month", 365 → "year", 90 → "90 days". */
export function periodText(days: number): string {
  if (days === 30 || days === 31) return "month";
  if (days === 365 || days === 366) return "year";
  if (days === 7) return "week";
  if (days === 1) return "day";
  return `${days} days`;
}

/** The line a payment page shows for an order, from what the order sold: "$9.99/month" or "550 coins". */
export function orderDescription(order: {
  kind: string;
  money: number;
  currency: string;
  coin: number | null;
  periodDays: number | null;
}): string {
  if (order.kind === "coins") return `${order.coin ?? 0} coins`;
  return `${formatMoney(order.money, order.currency)}/${periodText(order.periodDays ?? 30)}`;
}
