/**
 * The real sa-sdk-javascript 1.27.11 (the file the browser loads) running in a jsdom page, its three ways of
 * sending caught and handed to the test: <img> src (GET), navigator.sendBeacon (POST, text/plain) and
 * XMLHttpRequest (POST, form: single events with send_type "ajax", and batches). The test delivers each request
 * (to the API) and says what status the SDK sees, so the SDK's own retry of a failed batch is exercised too.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { JSDOM } from "jsdom";

export interface SdkRequest {
  via: "image" | "beacon" | "xhr";
  method: "GET" | "POST";
  url: string;
  body: string | null;
  contentType: string | null;
}

/** Sends a request where it should go; resolves with the status the SDK is to see. */
export type Deliver = (request: SdkRequest) => Promise<number>;

/** The part of the SDK's API the tests call. */
export interface SensorsSdk {
  init(options: Record<string, unknown>): void;
  track(event: string, properties?: Record<string, unknown>): void;
  login(id: string): void;
  quick(name: "autoTrack", properties?: Record<string, unknown>): void;
  kit: { encodeTrackData(data: unknown): string };
  _: { base64Encode(text: string): string };
}

export interface SdkPage {
  sdk: SensorsSdk;
  /** Every request the SDK made so far. */
  requests: SdkRequest[];
  /** Resolves once the SDK has made `count` requests in all and their deliveries have finished. */
  delivered(count: number): Promise<SdkRequest[]>;
  /** A single event's parameters as the SDK encodes them: `data=<base64>&ext=crc%3D<hash>` (its encodeTrackData). */
  encodeSingle(event: unknown): string;
  /** A batch's body as the SDK's batch sender builds it: `data_list=<base64>`. */
  encodeBatch(events: unknown[]): string;
  close(): void;
}

const require = createRequire(import.meta.url);
let source: string | undefined;

// Chrome's: the SDK sends beacons only to browsers it knows support them.
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A page at `pageUrl` with the SDK loaded (not yet initialised: call sdk.init). */
export function openSdkPage(pageUrl: string, deliver: Deliver): SdkPage {
  source ??= fs.readFileSync(require.resolve("sa-sdk-javascript/sensorsdata.min.js"), "utf8");
  const dom = new JSDOM("<!doctype html><html><head><title>Kewl</title></head><body></body></html>", {
    url: pageUrl,
    runScripts: "outside-only",
    pretendToBeVisual: true,
  });
  const win = dom.window;
  const requests: SdkRequest[] = [];
  const finished: Array<Promise<void>> = [];
  let waiting: Array<{ count: number; resolve: () => void }> = [];
  const record = (request: SdkRequest, answer: (status: number) => void) => {
    requests.push(request);
    finished.push(deliver(request).then(answer));
    const ready = waiting.filter((w) => requests.length >= w.count);
    waiting = waiting.filter((w) => requests.length < w.count);
    for (const w of ready) w.resolve();
  };

  Object.defineProperty(win.HTMLImageElement.prototype, "src", {
    configurable: true,
    get: () => "",
    set(url: string) {
      if (url) record({ via: "image", method: "GET", url, body: null, contentType: null }, () => undefined);
    },
  });
  Object.defineProperty(win.navigator, "userAgent", { configurable: true, value: USER_AGENT });
  Object.defineProperty(win.navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, data: string) => {
      record({ via: "beacon", method: "POST", url, body: data, contentType: "text/plain;charset=UTF-8" }, () => {});
      return true;
    },
  });
  win.XMLHttpRequest = class FakeXhr {
    withCredentials = false;
    readyState = 0;
    status = 0;
    responseText = "";
    onreadystatechange: (() => void) | null = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = "GET";
    private url = "";
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {}
    send(body: string | null) {
      const request: SdkRequest = {
        via: "xhr",
        method: this.method === "POST" ? "POST" : "GET",
        url: this.url,
        body,
        contentType: this.headers["content-type"] ?? null,
      };
      record(request, (status) => {
        this.readyState = 4;
        this.status = status;
        this.responseText = "{}";
        this.onreadystatechange?.();
      });
    }
  } as unknown as typeof win.XMLHttpRequest;

  win.eval(source);
  const sdk = (win as unknown as { sensorsDataAnalytic201505: SensorsSdk }).sensorsDataAnalytic201505;
  return {
    sdk,
    requests,
    async delivered(count) {
      if (requests.length < count) await new Promise<void>((resolve) => waiting.push({ count, resolve }));
      await Promise.all(finished);
      return requests.slice(0, count);
    },
    encodeSingle: (event) => sdk.kit.encodeTrackData(event),
    encodeBatch: (events) => "data_list=" + encodeURIComponent(sdk._.base64Encode(JSON.stringify(events))),
    close: () => win.close(),
  };
}

/** The SDK's options for these tests: SPEC §9's limits, this send type, no page-view autotrack of its own. */
export function sdkOptions(serverUrl: string, sendType: "image" | "beacon" | "ajax", batch = false) {
  return {
    server_url: serverUrl,
    send_type: sendType,
    batch_send: batch ? { datasend_timeout: 6000, send_interval: 50, storage_length: 200 } : false,
    max_key_length: 100,
    max_id_length: 255,
    max_string_length: 1024,
    is_track_single_page: false,
    heatmap: undefined,
    show_log: false,
  };
}
