import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import type { Logger } from "@/server/logger";
import { backgroundDeliveryCount, settleBackgroundDeliveries } from "@/server/modules/mail/background-deliveries";
import { sendMail } from "@/server/modules/mail/send-mail";
import { accountsEnv, outbox, report, tempDataDir, uniqueEmail } from "./accounts-support";
import { createTestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

interface SmtpSink {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server, no auth required, no STARTTLS) on 127.0.0.1:<random port>. The n-th message
 * is answered with refusals[n] (an SMTP reply code) when there is one, else accepted.
 */
async function startSmtpSink(refusals: number[] = []): Promise<SmtpSink & { attempts: () => number }> {
  const received: Received[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const refusal = refusals[attempts++];
        if (refusal) {
          callback(Object.assign(new Error(`refused on purpose (${refusal})`), { responseCode: refusal }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe.each(testDrivers())("mail on %s", (driver) => {
  let database: DbHandle;
  let dataDir: string;
  let sink: SmtpSink;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    dataDir = tempDataDir();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers the register code over SMTP from MAIL_FROM and records the message as sent", async () => {
    const api = createTestApi(
      database,
      accountsEnv(dataDir, { SMTP_URL: sink.url, MAIL_FROM: "Kewl <robot@kewl.example.test>" }),
    );
    const email = uniqueEmail("smtp");
    expect(await report(api, "/1/api/user/send_email", { email, type: 4 })).toMatchObject({ ret: 1, status: 1 });

    // The answer comes before the delivery (it runs in the background): wait for it to record its status.
    await settleBackgroundDeliveries(20_000);
    expect(backgroundDeliveryCount()).toBe(0);
    const message = sink.received.find((m) => m.to.includes(email));
    expect(message).toMatchObject({ to: [email], from: "robot@kewl.example.test" });
    const [row] = await database.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${email}`);
    expect(row).toMatchObject({ status: "sent", sentAt: expect.any(Date) });
    const code = /\b(\d{6})\b/.exec(row!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(message!.raw).toContain(code);
    expect(message!.raw).toMatch(/^Subject: Your Kewl verification code/m);
    expect((await outbox(api, email))[0]).toMatchObject({ status: "sent", code });
  });

  const recordingLogger = () => {
    const logged: string[] = [];
    const logger: Logger = {
      debug() {},
      info() {},
      warn: (m) => void logged.push(m),
      error: (m) => void logged.push(m),
    };
    return { logged, logger };
  };
  const rowOf = async (id: string) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

  it("records a failed delivery as failed with the error, after retrying a connection that failed", async () => {
    const { logged, logger } = recordingLogger();
    const result = await sendMail(
      {
        db: database.db,
        config: { SMTP_URL: "smtp://127.0.0.1:1", MAIL_FROM: "Kewl <a@b.test>" },
        logger,
        retryDelaysMs: [0, 0],
      },
      { to: "nobody@example.test", subject: "s", text: "t" },
    );
    expect(result.status).toBe("failed");
    const row = await rowOf(result.id);
    expect(row).toMatchObject({ status: "failed", sentAt: null });
    expect(row.error).toMatch(/^attempt 3: /);
    expect(logged).toEqual([
      "mail delivery failed, will retry",
      "mail delivery failed, will retry",
      "mail delivery failed",
    ]);
  });

  /** sendMail to a sink that refuses as told, with short retry waits; the sink is closed afterwards. */
  async function sendThrough(refusals: number[], to: string) {
    const sink = await startSmtpSink(refusals);
    try {
      const { logged, logger } = recordingLogger();
      const deps = {
        db: database.db,
        config: { SMTP_URL: sink.url, MAIL_FROM: "Kewl <a@b.test>" },
        logger,
        retryDelaysMs: [0, 0],
      };
      const result = await sendMail(deps, { to, subject: "s", text: "t" });
      return {
        result,
        row: await rowOf(result.id),
        logged,
        attempts: sink.attempts(),
        received: sink.received.map((m) => m.to),
      };
    } finally {
      await sink.close();
    }
  }

  it("delivers on a later attempt after a temporary refusal (4xx), and gives up at once on a permanent one (5xx)", async () => {
    const later = await sendThrough([451], "later@example.test");
    expect(later.result.status).toBe("sent");
    expect(later.attempts).toBe(2);
    expect(later.received).toEqual([["later@example.test"]]);
    expect(later.row).toMatchObject({ status: "sent", error: null });
    expect(later.logged).toEqual(["mail delivery failed, will retry"]);

    const never = await sendThrough([550, 550, 550], "never@example.test");
    expect(never.result.status).toBe("failed");
    expect(never.attempts).toBe(1);
    expect(never.row.error).toMatch(/^attempt 1: .*550/);
    expect(never.logged).toEqual(["mail delivery failed"]);
  });

  it("without SMTP_URL, stores the message as logged and writes it to the log as one line", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger: Logger = {
      debug() {},
      warn() {},
      error() {},
      info: (msg, fields) => void lines.push({ msg, ...fields }),
    };
    const result = await sendMail(
      { db: database.db, config: { SMTP_URL: undefined, MAIL_FROM: "Kewl <a@b.test>" }, logger },
      { to: "laptop@example.test", subject: "Your code", text: "Your code is 424242", html: "<p>424242</p>" },
    );
    expect(result.status).toBe("logged");
    expect(await result.delivered).toBe("logged");
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id));
    expect(row).toMatchObject({
      status: "logged",
      to: "laptop@example.test",
      text: "Your code is 424242",
      html: "<p>424242</p>",
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ to: "laptop@example.test", subject: "Your code", text: "Your code is 424242" });
    expect(JSON.stringify(lines[0])).not.toContain("\n");
  });
});
