import { describe, expect, it } from "vitest";
import { LOGIN_FAILED_CODE, OAUTH_FAILED_CODE } from "@/lib/contracts/account-codes";
import { ID_TAKEN_CODE, RESET_TOKEN_INVALID_CODE } from "@/lib/contracts/accounts";
import { API_CODES } from "@/lib/contracts/api-codes";
import { CHAT_CODES } from "@/lib/contracts/chat-codes";

describe("envelope codes", () => {
  it("are defined once each in lib/contracts, with distinct values the browser and the tests rely on", () => {
    const codes: Record<string, number> = {
      ...API_CODES,
      ...CHAT_CODES,
      LOGIN_FAILED_CODE,
      OAUTH_FAILED_CODE,
      ID_TAKEN_CODE,
      RESET_TOKEN_INVALID_CODE,
    };
    expect(new Set(Object.values(codes)).size).toBe(Object.keys(codes).length);
    expect(codes).toEqual({
      BAD_SIGNATURE: 40010,
      AGE_REQUIRED: 40301,
      REPLY_IN_PROGRESS: 40901,
      NOT_LATEST: 40902,
      CHAT_NOT_FOUND: 40411,
      TOO_MANY_STREAMS: 42902,
      TOO_MANY_MESSAGES: 42903,
      ALLOWANCE_EXHAUSTED: 40201,
      INSUFFICIENT_COINS: 40202,
      MODEL_UNAVAILABLE: 40011,
      UPSTREAM_FAILED: 50201,
      UPSTREAM_TIMEOUT: 50401,
      REPLY_NOT_SAVED: 50301,
      SERVER_STOPPING: 50302,
      LOGIN_FAILED_CODE: 40002,
      OAUTH_FAILED_CODE: 40003,
      ID_TAKEN_CODE: 12008,
      RESET_TOKEN_INVALID_CODE: 12010,
    });
  });
});
