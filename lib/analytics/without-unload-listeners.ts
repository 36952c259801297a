/**
 * Runs `setup` with window `unload` listeners refused. sa-sdk-javascript's page-leave plugin listens to `pagehide`,
 * `beforeunload` and `unload`; an `unload` listener is deprecated (Lighthouse's best-practices audit fails on it)
 * and keeps the page out of the back/forward cache, and `pagehide` already covers every way of leaving.
 */
export function withoutUnloadListeners(setup: () => void): void {
  const add: EventTarget["addEventListener"] = window.addEventListener;
  const filtered = (
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) => {
    if (type !== "unload") add.call(window, type, listener, options);
  };
  window.addEventListener = filtered as Window["addEventListener"];
  try {
    setup();
  } finally {
    window.addEventListener = add;
  }
}
