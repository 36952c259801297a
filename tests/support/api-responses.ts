import { expect } from "vitest";
import { ApiError } from "@/lib/api";

/** A JSON response, as the API sends one (a fresh one each call: bodies are read once). */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** The API's success envelope around `data`. */
export const ok = (data: unknown) => jsonResponse({ code: 0, msg: "success", data });

/** A request URL's query as a record. */
export function queryRecord(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}

/** A request's JSON body as a record. */
export function bodyRecord(init: RequestInit): Record<string, unknown> {
  return JSON.parse(String(init.body)) as Record<string, unknown>;
}

/** The ApiError a call rejects with (fails the test when it resolves or rejects with something else). */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected a rejection");
}
