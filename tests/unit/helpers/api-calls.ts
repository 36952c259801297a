import { expect } from "vitest";
import { ApiError } from "@/lib/api";

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
