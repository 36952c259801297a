/**
 * A tiny browser for redirect flows: follows redirects by hand, keeps cookies per host and submits the
 * OpenID test provider's development login and consent forms.
 */
export class CookieBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  private jar(url: URL): Map<string, string> {
    let jar = this.jars.get(url.host);
    if (!jar) this.jars.set(url.host, (jar = new Map()));
    return jar;
  }

  cookie(url: URL, name: string): string | undefined {
    return this.jar(url).get(name);
  }

  setCookie(url: URL, name: string, value: string): void {
    this.jar(url).set(name, value);
  }

  async fetch(url: URL, init: { method?: string; body?: URLSearchParams } = {}): Promise<Response> {
    const jar = this.jar(url);
    const res = await fetch(url, {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: init.body,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) =>
          /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1] ?? "") < Date.now()),
      );
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /**
   * From `start`, follows redirects and signs in on the provider's forms as `login`, until a redirect to a
   * path `stopAt`; answers that URL.
   */
  async run(start: URL, login: string, stopAt: string, onRedirect?: (to: URL) => URL): Promise<URL> {
    let url = start;
    let init: { method?: string; body?: URLSearchParams } = {};
    for (let hop = 0; hop < 30; hop++) {
      const res = await this.fetch(url, init);
      init = {};
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        url = new URL(location, url);
        if (onRedirect) url = onRedirect(url);
        if (url.pathname === stopAt) return url;
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (res.status !== 200 || !action || !prompt)
        throw new Error(`unexpected page ${res.status} at ${url.href}: ${html.slice(0, 300)}`);
      const body = new URLSearchParams({ prompt });
      if (prompt === "login") {
        body.set("login", login);
        body.set("password", "any");
      }
      url = new URL(action, url);
      init = { method: "POST", body };
    }
    throw new Error("too many redirects");
  }
}
