/** Prices, discounts and expiry dates as the billing dialogs show them (SPEC §9). */

/** SPEC §3: a coin package without a currency is in US dollars. */
export const DEFAULT_CURRENCY = "USD";

const SYMBOLS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };

/** A plan's price text 'amount/period' split at the first slash; no slash means no period. */
export function splitPlanPrice(price: string): { amount: string; period: string | null } {
  const slash = price.indexOf("/");
  if (slash < 0) return { amount: price.trim(), period: null };
  const period = price.slice(slash + 1).trim();
  return { amount: price.slice(0, slash).trim(), period: period || null };
}

/** SPEC §9: cents divided by 100 with 2 decimals ('8.99'). */
export function centsToAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The currency code in upper case, USD when missing or blank. */
export function currencyOf(currency: string | null | undefined): string {
  const code = currency?.trim().toUpperCase();
  return code ? code : DEFAULT_CURRENCY;
}

/** '$8.99' for currencies with a well-known symbol, else '8.99 CHF'. */
export function formatMoney(cents: number, currency?: string | null): string {
  const code = currencyOf(currency);
  const amount = centsToAmount(cents);
  const symbol = SYMBOLS[code];
  return symbol ? `${symbol}${amount}` : `${amount} ${code}`;
}

/**
 * SPEC §9: the discount in whole percent, round((1 - money / origin_money) * 100), only when origin_money is
 * above money; otherwise null (no original price and no discount are shown).
 */
export function discountPercent(money: number, originMoney: number): number | null {
  if (!(originMoney > money) || originMoney <= 0) return null;
  return Math.round((1 - money / originMoney) * 100);
}

/** SPEC §9: the expiry as a local date from a timestamp in seconds ('June 30, 2026' in English). */
export function formatExpiryDate(seconds: number, locale?: string): string {
  return new Date(seconds * 1000).toLocaleDateString(locale, { year: "numeric", month: "long", day: "numeric" });
}
