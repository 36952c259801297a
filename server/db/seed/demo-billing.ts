import type { ProductRight } from "../schema/billing";

const rights = (included: string[]): ProductRight[] =>
  [
    "Unlimited replies on the standard model",
    "Premium models at half the coin cost",
    "Longer character memory",
    "Priority replies at busy times",
    "Create unlimited characters",
  ].map((name) => ({ name, val: included.includes(name) ? "1" : "0" }));

/** Covers every product status of SPEC §4: 0 coming soon, 1 default/recommended, 2 free. */
export const DEMO_SUBSCRIPTION_PRODUCTS = [
  {
    productId: "plan-free", name: "Free", priceText: "$0/month", remind: "Daily free replies on the standard model",
    status: 2, currency: "USD", money: 0, periodDays: 30, sort: 1, rights: rights([]),
  },
  {
    productId: "plan-plus-monthly", name: "Plus", priceText: "$9.99/month", remind: "Most popular",
    status: 1, currency: "USD", money: 999, periodDays: 30, sort: 2,
    rights: rights(["Unlimited replies on the standard model", "Premium models at half the coin cost", "Create unlimited characters"]),
  },
  {
    productId: "plan-pro-yearly", name: "Pro", priceText: "$89.99/year", remind: "Save 25% with yearly billing",
    status: 1, currency: "USD", money: 8999, periodDays: 365, sort: 3,
    rights: rights(["Unlimited replies on the standard model", "Premium models at half the coin cost", "Longer character memory", "Priority replies at busy times", "Create unlimited characters"]),
  },
  {
    productId: "plan-studio", name: "Studio", priceText: "$24.99/month", remind: "For creators: coming soon",
    status: 0, currency: "USD", money: 2499, periodDays: 30, sort: 4,
    rights: rights(["Unlimited replies on the standard model", "Premium models at half the coin cost", "Longer character memory", "Priority replies at busy times", "Create unlimited characters"]),
  },
];

export const DEMO_COIN_PRODUCTS = [
  { productId: "coins-100", name: "Starter", coin: 100, money: 199, originMoney: 199, currency: "USD", remind: "", status: 1, sort: 1 },
  { productId: "coins-550", name: "Popular", coin: 550, money: 899, originMoney: 999, currency: "USD", remind: "Best value for most", status: 1, sort: 2 },
  { productId: "coins-1200", name: "Big pack", coin: 1200, money: 1499, originMoney: 1999, currency: "USD", remind: "25% off", status: 1, sort: 3 },
  { productId: "coins-5000", name: "Whale", coin: 5000, money: 4999, originMoney: 4999, currency: "USD", remind: "Coming soon", status: 0, sort: 4 },
];

export const DEMO_CHAT_MODELS = [
  {
    key: "standard", name: "Standard", description: "Fast replies, free within the daily allowance",
    providerModel: "demo-standard", coinCost: 0, premium: false, contextTokens: 8192, maxReplyTokens: 400, sort: 1,
  },
  {
    key: "premium", name: "Premium", description: "Richer, longer replies with better memory",
    providerModel: "demo-premium", coinCost: 2, premium: true, contextTokens: 32768, maxReplyTokens: 800, sort: 2,
  },
];
