import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { UPLOAD_CONTENT_TYPES } from "../../../lib/contracts/files";

/**
 * The local disk's presigned POST, shaped like S3's: the ticket's `policy` field is base64 JSON of what the upload
 * may be, `signature` its HMAC-SHA256 under the server's upload secret. POST /v1/file/upload trusts nothing else.
 */
const policySchema = z.object({
  v: z.literal(1),
  key: z.string(),
  content_types: z.array(z.enum(UPLOAD_CONTENT_TYPES)).min(1),
  max_bytes: z.number().int().positive(),
  expires_at: z.number().int(),
});
export type UploadPolicy = z.infer<typeof policySchema>;

const CONTEXT = "kewl-upload-policy-v1\n";

function sign(secret: string, encoded: string): string {
  return createHmac("sha256", secret).update(CONTEXT).update(encoded).digest("hex");
}

export function signPolicy(secret: string, policy: UploadPolicy): { policy: string; signature: string } {
  const encoded = Buffer.from(JSON.stringify(policy)).toString("base64");
  return { policy: encoded, signature: sign(secret, encoded) };
}

export class UploadRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadRejected";
  }
}

/**
 * The policy of a form's fields when its signature is ours, it has not expired and the form's key is the policy's;
 * UploadRejected otherwise. The content type and the size are checked against it by the caller.
 */
export function readPolicy(secret: string, fields: ReadonlyMap<string, string>, nowSeconds: number): UploadPolicy {
  const encoded = fields.get("policy");
  const signature = fields.get("signature");
  if (!encoded || !signature) throw new UploadRejected("The upload form has no policy or signature");
  const expected = Buffer.from(sign(secret, encoded), "hex");
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, "hex") : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new UploadRejected("The upload ticket's signature is not valid");
  }
  let policy: UploadPolicy;
  try {
    policy = policySchema.parse(JSON.parse(Buffer.from(encoded, "base64").toString("utf8")));
  } catch {
    throw new UploadRejected("The upload ticket's policy is malformed");
  }
  if (policy.expires_at <= nowSeconds) throw new UploadRejected("The upload ticket has expired");
  if (fields.get("key") !== policy.key) throw new UploadRejected("The upload's key is not the ticket's");
  return policy;
}
