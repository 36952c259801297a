/** Billing answers as the server sends them (lib/contracts/billing-client.ts), for the dialog tests. */
import type {
  CoinProductList,
  OrderCreated,
  SubscriptionInfo,
  SubscriptionProduct,
  SubscriptionProductList,
} from "@/lib/contracts/billing-client";
import type { Wallet } from "@/lib/contracts/chat-client";

const rights = (included: number) =>
  ["Unlimited replies", "Premium models at half price", "Longer memory"].map((name, i) => ({
    name,
    val: i < included ? "1" : "0",
  }));

const planOf = (product_id: string, name: string, price: string, status: number, money: number, n: number) =>
  ({
    product_id,
    name,
    price,
    remind: `${name} note`,
    status,
    currency: "USD",
    money,
    rights: rights(n),
  }) satisfies SubscriptionProduct;

export const FREE = planOf("plan-free", "Free", "$0/month", 2, 0, 0);
export const PLUS = planOf("plan-plus", "Plus", "$9.99/month", 1, 999, 2);
export const PRO = planOf("plan-pro", "Pro", "$89.99/year", 1, 8999, 3);
export const STUDIO = planOf("plan-studio", "Studio", "$24.99/month", 0, 2499, 3);
export const PLANS: SubscriptionProductList = { product_list: [FREE, PLUS, PRO, STUDIO] };

export const PACKS: CoinProductList = {
  product_list: [
    {
      product_id: "coins-100",
      name: "Starter",
      coin: 100,
      money: 199,
      origin_money: 199,
      price: "",
      remind: "",
      status: 1,
    },
    {
      product_id: "coins-1200",
      name: "Big",
      coin: 1200,
      money: 1499,
      origin_money: 1999,
      price: "",
      currency: "USD",
      remind: "25% off",
      status: 1,
    },
    {
      product_id: "coins-5000",
      name: "Whale",
      coin: 5000,
      money: 4999,
      origin_money: 4999,
      price: "",
      remind: "Coming soon",
      status: 0,
    },
  ],
};

export const NOT_SUBSCRIBED: SubscriptionInfo = { is_subscribe: false, product_info: null, subscribe_info: null };

export function holding(productId: string, status: number, expireTimestamp: number): SubscriptionInfo {
  return {
    is_subscribe: true,
    product_info: { product_id: productId },
    subscribe_info: { status, expire_timestamp: expireTimestamp },
  };
}

export function walletWith(coins: number): Wallet {
  return { wallet_info: { buy_coin: coins }, free_replies_left: 5, free_replies_per_day: 5, subscribed: false };
}

export const REDIRECT: OrderCreated = {
  redirect_uri: "/payment/sandbox/ord_1",
  order_code: "ord_1",
  cancelled: false,
  resumed: false,
};
