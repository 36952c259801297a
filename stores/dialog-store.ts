import { create } from "zustand";
import { useAuthStore } from "@/stores/auth-store";

/** How the last payment opened from a billing dialog ended (SPEC §4); null until the payment tab says. */
export type PaymentResult = "success" | "cancel" | null;
export type BillingDialog = "subscription" | "coins";
/** Why a billing dialog opened by itself (a chat refused for free replies or coins), said inside it. */
export interface BillingReason {
  title: string;
  hint: string | null;
}

/**
 * Which global dialogs are open. Not persisted. The login modal's open flag belongs to the auth state
 * (SPEC §3); openLogin / closeLogin are the shortcuts the rest of the app uses.
 */
export interface DialogState {
  editProfileOpen: boolean;
  /** The Edit Profile modal was opened right after registration (no navigation after saving). */
  editProfileFromRegistration: boolean;
  openLogin: () => void;
  closeLogin: () => void;
  openEditProfile: (options?: { fromRegistration?: boolean }) => void;
  closeEditProfile: () => void;
  /** The billing dialog shown ('Choose your subscription' or 'Get Coins'), or null; one at a time. */
  billingDialog: BillingDialog | null;
  /** The payment result of the open billing dialog; closing the dialog clears it. */
  paymentResult: PaymentResult;
  /** Why the open billing dialog opened, when something other than the person's own click opened it. */
  billingReason: BillingReason | null;
  openSubscription: (reason?: BillingReason) => void;
  openCoins: (reason?: BillingReason) => void;
  closeBilling: () => void;
  setPaymentResult: (result: PaymentResult) => void;
}

export const useDialogStore = create<DialogState>()((set) => ({
  editProfileOpen: false,
  editProfileFromRegistration: false,
  openLogin: () => useAuthStore.getState().openModal(),
  closeLogin: () => useAuthStore.getState().closeModal(),
  openEditProfile: ({ fromRegistration = false } = {}) =>
    set({ editProfileOpen: true, editProfileFromRegistration: fromRegistration }),
  closeEditProfile: () => set({ editProfileOpen: false }),
  billingDialog: null,
  paymentResult: null,
  billingReason: null,
  openSubscription: (reason) =>
    set({ billingDialog: "subscription", paymentResult: null, billingReason: reason ?? null }),
  openCoins: (reason) => set({ billingDialog: "coins", paymentResult: null, billingReason: reason ?? null }),
  closeBilling: () => set({ billingDialog: null, paymentResult: null, billingReason: null }),
  setPaymentResult: (paymentResult) => set({ paymentResult }),
}));

declare global {
  interface Window {
    /** Development only: lets screenshots and manual checks open the global dialogs. */
    __kewlDialogStore?: typeof useDialogStore;
  }
}

if (process.env.NODE_ENV === "development" && typeof window !== "undefined") window.__kewlDialogStore = useDialogStore;
