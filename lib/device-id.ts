const DEVICE_ID_KEY = "device_id";

/** The shape of a device id this module makes: 128 random bits as 32 lower-case hex digits. */
export const DEVICE_ID_PATTERN = /^[a-f0-9]{32}$/;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A stable random id for this browser, kept in local storage under device_id (SPEC §3). */
export function getDeviceId(): string {
  if (typeof window === "undefined") return "server";
  try {
    const existing = localStorage.getItem(DEVICE_ID_KEY);
    if (existing && DEVICE_ID_PATTERN.test(existing)) return existing;
    const id = randomId();
    localStorage.setItem(DEVICE_ID_KEY, id);
    return id;
  } catch {
    return "no-storage";
  }
}

/** This browser's device id when it has a real one (not the server's or a storage-less browser's stand-in). */
export function storedDeviceId(): string | undefined {
  const id = getDeviceId();
  return DEVICE_ID_PATTERN.test(id) ? id : undefined;
}
