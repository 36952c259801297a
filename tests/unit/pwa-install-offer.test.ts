import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  bannerDelayLeft,
  INSTALL_BANNER_DELAY_MS,
  INSTALL_BANNER_OUTCOMES,
  isBeforeInstallPromptEvent,
  isIosSafari,
  parseInstallBannerRecord,
  serializeInstallBannerRecord,
} from "@/lib/pwa/install-offer";
import { acceptsJson } from "./helpers/json-schema-check";

const UA = {
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  ipadSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  iphoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
  iphoneFirefox:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15",
  iphoneInstagram:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.0",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  androidChrome:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
};

describe("install banner rules", () => {
  it("waits 3 s from the offer, never longer, never negative", () => {
    expect(INSTALL_BANNER_DELAY_MS).toBe(3000);
    expect(bannerDelayLeft(1000, 1000)).toBe(3000);
    expect(bannerDelayLeft(1000, 2500)).toBe(1500);
    expect(bannerDelayLeft(1000, 9000)).toBe(0);
    expect(bannerDelayLeft(5000, 1000)).toBe(3000);
  });

  it("finds Safari on iPhone and iPad, and nothing else", () => {
    expect(isIosSafari(UA.iphoneSafari, 5)).toBe(true);
    expect(isIosSafari(UA.ipadSafari, 5)).toBe(true);
    expect(isIosSafari(UA.macSafari, 0)).toBe(false);
    expect(isIosSafari(UA.iphoneChrome, 5)).toBe(false);
    expect(isIosSafari(UA.iphoneFirefox, 5)).toBe(false);
    expect(isIosSafari(UA.iphoneInstagram, 5)).toBe(false);
    expect(isIosSafari(UA.androidChrome, 5)).toBe(false);
  });

  it("knows the browser's install prompt event by its prompt() and userChoice", () => {
    const event = Object.assign(new Event("beforeinstallprompt"), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: "accepted" as const }),
    });
    expect(isBeforeInstallPromptEvent(event)).toBe(true);
    expect(isBeforeInstallPromptEvent(new Event("beforeinstallprompt"))).toBe(false);
    expect(isBeforeInstallPromptEvent(Object.assign(new Event("x"), { prompt: () => undefined }))).toBe(false);
  });

  // The plain check (first-load code carries no zod) must agree with this schema of the stored record.
  const recordSchema = z.object({ outcome: z.enum(INSTALL_BANNER_OUTCOMES), at: z.number().nonnegative() });
  const accepted = acceptsJson(recordSchema);

  it("reads back its record, and treats anything else as none, as the zod schema would", () => {
    expect(parseInstallBannerRecord(serializeInstallBannerRecord("dismissed", 42))).toEqual({
      outcome: "dismissed",
      at: 42,
    });
    expect(parseInstallBannerRecord(null)).toBeNull();
    for (const raw of [
      ...INSTALL_BANNER_OUTCOMES.map((o) => serializeInstallBannerRecord(o, 7)),
      '{"outcome":"shown","at":0,"more":1}',
      '{"outcome":"later","at":1}',
      '{"outcome":"shown","at":-1}',
      '{"outcome":"shown","at":"1"}',
      '{"outcome":"shown"}',
      '{"at":1}',
      "[]",
      "true",
      "null",
      "shown",
      "",
    ]) {
      expect(parseInstallBannerRecord(raw) !== null, raw).toBe(accepted(raw));
    }
  });
});
