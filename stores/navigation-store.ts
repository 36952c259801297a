import { create } from "zustand";

export interface NavigationState {
  /** The path shown now; null before the first page has rendered. */
  current: string | null;
  /** The path shown before it in this tab's session (in-app navigations only); null on a page opened directly. */
  previous: string | null;
}

/** Filled by components/navigation/track-navigation.tsx; read by back links (the chat's back arrow). */
export const useNavigationStore = create<NavigationState>()(() => ({ current: null, previous: null }));

/** Records a new path; the same path again (a re-render, a query change) leaves both as they are. */
export function recordPath(pathname: string): void {
  const { current } = useNavigationStore.getState();
  if (pathname === current) return;
  useNavigationStore.setState({ current: pathname, previous: current });
}
