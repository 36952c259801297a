/** The account's own data calls (lib/contracts/account-data.ts) as the browser makes them. */
import { apiPost } from "@/lib/api";
import { fetchApiFile, type ApiFile } from "@/lib/api/fetch-file";
import { accountDeletedSchema, type AccountDeleted } from "@/lib/contracts/account-data";

/** The account's archive (a zip), named by the server's Content-Disposition. */
export function fetchAccountArchive(signal?: AbortSignal): Promise<ApiFile> {
  return fetchApiFile("/v1/user/export", {}, "kewl-data.zip", signal);
}

/** Deletes the signed-in account; `confirm` is its ID as typed. */
export function deleteAccount(confirm: string): Promise<AccountDeleted> {
  return apiPost("/v1/user/delete", { confirm }, { schema: accountDeletedSchema });
}
