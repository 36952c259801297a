import { create } from "zustand";
import { useAuthStore } from "@/stores/auth-store";

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
}

export const useDialogStore = create<DialogState>()((set) => ({
  editProfileOpen: false,
  editProfileFromRegistration: false,
  openLogin: () => useAuthStore.getState().openModal(),
  closeLogin: () => useAuthStore.getState().closeModal(),
  openEditProfile: ({ fromRegistration = false } = {}) =>
    set({ editProfileOpen: true, editProfileFromRegistration: fromRegistration }),
  closeEditProfile: () => set({ editProfileOpen: false }),
}));

declare global {
  interface Window {
    /** Development only: lets screenshots and manual checks open the global dialogs. */
    __kewlDialogStore?: typeof useDialogStore;
  }
}

if (process.env.NODE_ENV === "development" && typeof window !== "undefined") window.__kewlDialogStore = useDialogStore;
