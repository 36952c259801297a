import { configureApiClient } from "@/lib/api";
import { useAuthStore } from "@/stores/auth-store";

type ClientOptions = Parameters<typeof configureApiClient>[0];

/**
 * The API client as the components' tests use it: requests to http://api.test (answered by a stubbed fetch) with
 * the auth store's token and a fixed device id; `options` adds or replaces settings (a sleep without back-off...).
 */
export function configureTestApiClient(options: Partial<ClientOptions> = {}): void {
  configureApiClient({
    baseUrl: "http://api.test",
    getToken: () => useAuthStore.getState().token,
    getDeviceId: () => "device-1",
    ...options,
  });
}
