import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, configureApiClient } from "@/lib/api";
import { FILE_CODES, UPLOAD_MAX_BYTES, type UploadTicket } from "@/lib/contracts/files";
import { uploadImage } from "@/lib/files/upload-image";

const KEY = `incoming/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}/${"a".repeat(24)}`;
const VERIFIED = {
  url: `/v1/file/avatars/${"f".repeat(64)}.webp`,
  content_type: "image/webp",
  width: 512,
  height: 512,
  bytes: 1234,
};

function ticket(url = "/v1/file/upload", fields: Record<string, string> = {}): UploadTicket {
  return {
    url,
    fields: { key: KEY, "Content-Type": "image/png", policy: "cG9saWN5", signature: "s".repeat(64), ...fields },
    key: KEY,
    max_bytes: UPLOAD_MAX_BYTES,
    content_types: ["image/png"],
    expires_at: Math.floor(Date.now() / 1000) + 300,
  };
}

const CLIENT = { baseUrl: "http://api.test", getToken: () => "t".repeat(43), getDeviceId: () => "device-1" };

const envelope = (data: unknown, code = 0, status = 200, msg = "success") =>
  new Response(JSON.stringify({ code, msg, data }), { status, headers: { "content-type": "application/json" } });

interface Sent {
  url: string;
  method: string;
  body: BodyInit | null | undefined;
}

/** The API and the storage as one fake: sts answers `issued`, the form post answers `stored`. */
function stub(issued: UploadTicket, stored: () => Response) {
  const sent: Sent[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    sent.push({ url, method: init.method ?? "GET", body: init.body });
    const path = new URL(url).pathname;
    if (path === "/v1/file/sts") return envelope(issued);
    if (path === "/v1/file/verify") return envelope(VERIFIED);
    return stored();
  });
  configureApiClient({ ...CLIENT, fetch: fetchImpl });
  return sent;
}

const png = (size = 100) => new File([new Uint8Array(size)], "me.png", { type: "image/png" });

beforeEach(() => configureApiClient(CLIENT));
afterEach(() => vi.restoreAllMocks());

describe("uploadImage", () => {
  it.each([
    ["a GIF", new File(["GIF89a"], "a.gif", { type: "image/gif" }), "Choose a PNG, JPEG or WebP image"],
    ["a file of no type", new File(["x"], "a", { type: "" }), "Choose a PNG, JPEG or WebP image"],
    ["an SVG", new File(["<svg/>"], "a.svg", { type: "image/svg+xml" }), "Choose a PNG, JPEG or WebP image"],
    ["an image over 8 MB", png(UPLOAD_MAX_BYTES + 1), "The image must be at most 8 MB"],
  ])("refuses %s before sending anything", async (_name, file, message) => {
    const sent = stub(ticket(), () => new Response(null, { status: 204 }));
    const error = await uploadImage(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).msg).toBe(message);
    expect(sent).toHaveLength(0);
  });

  it("takes a ticket for the file's type, posts the fields then the file, and verifies the key", async () => {
    const sent = stub(ticket(), () => new Response(null, { status: 204 }));
    await expect(uploadImage(png())).resolves.toEqual(VERIFIED);
    expect(sent.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      expect.stringMatching(/^GET \/v1\/file\/sts$/),
      "POST /v1/file/upload",
      "POST /v1/file/verify",
    ]);
    expect(new URL(sent[0]!.url).searchParams.get("content_type")).toBe("image/png");
    expect(sent[1]!.url).toBe("http://api.test/v1/file/upload");
    const form = sent[1]!.body as FormData;
    expect([...form.keys()]).toEqual(["key", "Content-Type", "policy", "signature", "file"]);
    expect((form.get("file") as File).type).toBe("image/png");
    expect(JSON.parse(String(sent[2]!.body))).toMatchObject({ key: KEY });
  });

  it("posts to an S3 bucket's absolute URL as it is", async () => {
    const sent = stub(ticket("https://bucket.s3.example.test/"), () => new Response(null, { status: 204 }));
    await uploadImage(png());
    expect(sent[1]!.url).toBe("https://bucket.s3.example.test/");
  });

  it.each([
    [
      "S3's EntityTooLarge",
      () => new Response("<Error><Code>EntityTooLarge</Code><Message>too big</Message></Error>", { status: 400 }),
      "The image must be at most 8 MB",
      FILE_CODES.UPLOAD_TOO_LARGE,
    ],
    [
      "S3's expired policy",
      () =>
        new Response(
          "<Error><Code>AccessDenied</Code><Message>Invalid according to Policy: Policy expired.</Message></Error>",
          {
            status: 403,
          },
        ),
      "The upload took too long. Please try again.",
      403,
    ],
    [
      "the local disk's envelope",
      () => envelope(null, 403, 403, "The upload ticket has expired"),
      "The upload ticket has expired",
      403,
    ],
    ["a bare 500", () => new Response("oops", { status: 500 }), "The upload failed. Please try again.", 500],
  ])("maps %s to one clear ApiError, and does not verify", async (_name, stored, message, code) => {
    const sent = stub(ticket(), stored);
    const error = await uploadImage(png()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ msg: message, code });
    expect(sent.some((s) => s.url.endsWith("/v1/file/verify"))).toBe(false);
  });
});
