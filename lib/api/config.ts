/**
 * The API client's configuration: base URL, token and device id getters, signing key and test seams. Set once by
 * the app (components/app-providers.tsx) with configureApiClient; read at request time.
 */
import { sleep, type Sleep } from "./retry";
import { createNonce, defaultSigningKey } from "./signature";

export const APP_ID = "kewl-web";
export const CHANNEL = "web";

export interface ApiClientOptions {
  /** Defaults to NEXT_PUBLIC_API_BASE_URL, else "" (same origin). */
  baseUrl?: string;
  getToken: () => string | null;
  getDeviceId: () => string;
  /** Defaults to NEXT_PUBLIC_SIGNING_KEY, else the built-in key. */
  signingKey?: string;
  /** Test seams: fetch defaults to globalThis.fetch at call time, sleep to setTimeout, random to Math.random. */
  fetch?: typeof fetch;
  sleep?: Sleep;
  random?: () => number;
}

export interface ClientConfig {
  baseUrl: string;
  getToken: () => string | null;
  getDeviceId: () => string;
  signingKey: string;
  fetch: typeof fetch | undefined;
  sleep: Sleep;
  random: () => number;
}

let fallbackDeviceId: string | undefined;
const fallbackGetDeviceId = (): string => (fallbackDeviceId ??= createNonce(32));

function buildConfig(opts?: ApiClientOptions): ClientConfig {
  return {
    baseUrl: opts?.baseUrl ?? process.env.NEXT_PUBLIC_API_BASE_URL ?? "",
    getToken: opts?.getToken ?? (() => null),
    getDeviceId: opts?.getDeviceId ?? fallbackGetDeviceId,
    signingKey: opts?.signingKey ?? defaultSigningKey(),
    fetch: opts?.fetch,
    sleep: opts?.sleep ?? sleep,
    random: opts?.random ?? Math.random,
  };
}

let config: ClientConfig | undefined;

/** The configuration in force (the defaults until configureApiClient is called). */
export const currentConfig = (): ClientConfig => (config ??= buildConfig());

/** Replaces the whole client configuration (omitted options fall back to their defaults). */
export function configureApiClient(opts: ApiClientOptions): void {
  config = buildConfig(opts);
}
