/** The Get Coins dialog's rules (SPEC §2.4, §4, §5, §9): what a package card shows and when it can be bought. */
import type { CoinProduct } from "@/lib/contracts/billing-client";
import { discountPercent, formatMoney } from "@/lib/format/money";
import { PRODUCT_STATUS } from "./plan-rules";

export interface CoinPackView {
  /** The package's name ("Big pack"). */
  name: string;
  /** The exact coins bought, grouped ("1,200"): a price is compared by them, unlike a balance at a glance. */
  coins: string;
  price: string;
  /** The pre-discount price, only when discounted. */
  originalPrice: string | null;
  discountPercent: number | null;
  /** The package's note, unless it only repeats the discount badge ("25% off" beside "-25%"). */
  remind: string;
  /** Status 0 (coming soon) cards are disabled. */
  available: boolean;
}

const exactCount = new Intl.NumberFormat("en-US");

/** "25% off", "-25%", "25 %": a note that says no more than the discount badge does. */
function repeatsDiscount(remind: string, discount: number | null): boolean {
  const said = /^\s*-?\s*(\d+)\s*%\s*(off)?\s*$/i.exec(remind);
  return discount !== null && said !== null && Number(said[1]) === discount;
}

export function coinPackView(pack: CoinProduct): CoinPackView {
  const discount = discountPercent(pack.money, pack.origin_money);
  return {
    name: pack.name,
    coins: exactCount.format(pack.coin),
    price: formatMoney(pack.money, pack.currency),
    originalPrice: discount === null ? null : formatMoney(pack.origin_money, pack.currency),
    discountPercent: discount,
    remind: repeatsDiscount(pack.remind, discount) ? "" : pack.remind,
    available: pack.status !== PRODUCT_STATUS.COMING_SOON,
  };
}

/** The picked package while it is listed and can be bought; otherwise nothing is selected. */
export function selectedPackId(packs: ReadonlyArray<CoinProduct>, picked: string | null): string | null {
  if (picked === null) return null;
  const pack = packs.find((p) => p.product_id === picked);
  return pack && pack.status !== PRODUCT_STATUS.COMING_SOON ? picked : null;
}

/** SPEC §5: Purchase Now is disabled when nothing is selected or a request is pending. */
export function purchaseDisabled(selectedId: string | null, pending: boolean): boolean {
  return selectedId === null || pending;
}
