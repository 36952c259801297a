import { vi } from "vitest";

/** A stand-in for next/navigation's router, every method a mock (give it to vi.mock's useRouter). */
export function testRouter() {
  return { push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), back: vi.fn(), forward: vi.fn(), prefetch: vi.fn() };
}
