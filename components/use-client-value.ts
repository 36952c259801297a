"use client";

import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

/** A value only the browser knows (user agent, window.opener), with a fixed server-side fallback. */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscribe, read, () => serverValue);
}
