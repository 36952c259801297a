/**
 * The account calls the auth store needs on every page (get_public_key, logout) and the proxied `report` they use.
 * Split from account-api.ts so first-load code does not pull classic zod; account-api.ts builds on these. The
 * zod/mini answer schemas (lib/contracts/accounts-client.ts) are imported only when an answer arrives.
 */
import { apiPost } from "@/lib/api/client";
import { ApiError } from "@/lib/api/errors";
import { RET } from "@/lib/contracts/account-codes";
import type { InnerPath } from "@/lib/contracts/accounts";
import type { InnerAnswer } from "@/lib/contracts/accounts-client";

export const DEVTYPE = "web";
export const BUSINESS = "kewl";

const accountsClient = () => import("@/lib/contracts/accounts-client");
const innerAnswerSchema = () => accountsClient().then((m) => m.innerAnswerSchema);

export function isInnerOk(answer: InnerAnswer): boolean {
  return answer.ret === RET.OK && answer.status === RET.OK;
}

/** One proxied account call. An envelope failure that still carries an inner answer resolves with it. */
export async function report(
  url: InnerPath,
  type: "GET" | "POST",
  param: Record<string, unknown>,
): Promise<InnerAnswer> {
  try {
    return await apiPost(
      "/v1/channel/report",
      { url, type, param: JSON.stringify(param) },
      { schema: innerAnswerSchema },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const schema = await innerAnswerSchema().catch(() => null);
    const inner = schema?.safeParse(error.data);
    if (inner?.success) return inner.data;
    throw error;
  }
}

/** The server's SPKI PEM, or null when the answer has none. */
export async function fetchPublicKey(): Promise<string | null> {
  const answer = await report("/2/api/user/get_public_key", "GET", { devtype: DEVTYPE, business: BUSINESS });
  const parsed = (await accountsClient()).publicKeyDataSchema.safeParse(answer.data);
  return isInnerOk(answer) && parsed.success ? parsed.data.public_key : null;
}

export async function logoutSession(): Promise<void> {
  await apiPost("/v1/user/logout", {});
}
