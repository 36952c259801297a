import { randomBytes } from "node:crypto";

/**
 * The values the Stripe test server (stripe-test-server.ts) deals in: JSON objects, Stripe-like ids, form fields
 * as the SDK sends them, billing periods, and Stripe's error. Nothing here is our code's side of the wire.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Recurring {
  interval: "day" | "week" | "month" | "year";
  interval_count: number;
}

export const API_VERSION = "2026-10-28.endive";

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

export function newId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString("hex")}`;
}

export function asObject(value: unknown): JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

export function asString(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** Form values arrive as strings: metadata stays strings, as on Stripe. */
export function stringMap(value: unknown): JsonObject {
  return Object.fromEntries(Object.entries(asObject(value)).filter(([, v]) => typeof v === "string"));
}

export function addInterval(fromSeconds: number, recurring: Recurring): number {
  const date = new Date(fromSeconds * 1000);
  const n = recurring.interval_count;
  if (recurring.interval === "day") date.setUTCDate(date.getUTCDate() + n);
  if (recurring.interval === "week") date.setUTCDate(date.getUTCDate() + 7 * n);
  const months = recurring.interval === "month" ? n : recurring.interval === "year" ? 12 * n : 0;
  if (months) {
    // Like Stripe's billing anchor: 31 January plus a month is the last day of February.
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
  }
  return Math.floor(date.getTime() / 1000);
}

export function copy<T extends Json>(value: T): T {
  return structuredClone(value);
}
