import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Config } from "../../config";
import { mailOutbox } from "../../db/schema";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import { trackBackgroundDelivery } from "./background-deliveries";

export interface MailDeps {
  db: Db;
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM">;
  logger: Logger;
  /** The waits before each new attempt after a failure that may pass; DELIVERY_RETRY_DELAYS_MS unless given. */
  retryDelaysMs?: readonly number[];
}

/** A code mail is worth little after a few minutes, so a failed delivery is tried twice more, soon. */
export const DELIVERY_RETRY_DELAYS_MS: readonly number[] = [2_000, 10_000];

// nodemailer's codes for a connection that failed, closed or timed out: the next attempt may work.
const TRANSIENT_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS"]);

/** Whether another attempt may succeed: a 4xx SMTP reply or a network failure, not a 5xx refusal. */
export function isTransientMailError(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { responseCode, code } = err as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === "number") return responseCode >= 400 && responseCode < 500;
  return typeof code === "string" && TRANSIENT_CODES.has(code);
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type MailStatus = "queued" | "sent" | "failed" | "logged";

export interface MailResult {
  id: string;
  /** 'queued' only when delivery was left to run in the background. */
  status: MailStatus;
  /** Settles with the final status once delivery is over (never rejects). */
  delivered: Promise<MailStatus>;
}

// One transport per SMTP URL and process (Next bundles server code separately, hence globalThis).
const TRANSPORTS = Symbol.for("kewl.mailTransports");
async function transportFor(url: string): Promise<Transporter> {
  const g = globalThis as unknown as Record<symbol, Map<string, Promise<Transporter>> | undefined>;
  const map = (g[TRANSPORTS] ??= new Map());
  let transport = map.get(url);
  if (!transport) {
    transport = import("nodemailer").then((m) =>
      m.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }),
    );
    map.set(url, transport);
  }
  return transport;
}

/**
 * Sends one e-mail and records it in mail_outbox. With SMTP_URL: nodemailer over SMTP from MAIL_FROM, status
 * 'sent' or 'failed' (after up to two more attempts when the failure may pass: a 4xx reply or a lost connection). Without: status 'logged' and the whole message is written to the server log as one JSON
 * line, so a laptop install works with no mail server. With `background`, it returns once the message is
 * recorded and delivers afterwards (request handlers must not wait on, or leak timing through, SMTP).
 */
export async function sendMail(
  deps: MailDeps,
  message: MailMessage,
  opts: { background?: boolean } = {},
): Promise<MailResult> {
  const { db, config, logger } = deps;
  const smtpUrl = config.SMTP_URL;
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      status: smtpUrl ? "queued" : "logged",
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("mail_outbox insert returned nothing");

  if (!smtpUrl) {
    logger.info("mail not sent (SMTP_URL unset); stored in the outbox", {
      mailId: row.id,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    return { id: row.id, status: "logged", delivered: Promise.resolve("logged") };
  }

  const delivered = (async (): Promise<MailStatus> => {
    let status: MailStatus = "failed";
    let error: string | null = null;
    const delays = deps.retryDelaysMs ?? DELIVERY_RETRY_DELAYS_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        const transport = await transportFor(smtpUrl);
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        status = "sent";
        error = null;
        break;
      } catch (err) {
        const retry = isTransientMailError(err) && attempt <= delays.length;
        error = `attempt ${attempt}: ${(err as Error).message}`.slice(0, 500);
        logger[retry ? "warn" : "error"](retry ? "mail delivery failed, will retry" : "mail delivery failed", {
          mailId: row.id,
          attempt,
          error,
        });
        if (!retry) break;
        await new Promise((resolve) => setTimeout(resolve, delays[attempt - 1]));
      }
    }
    try {
      await db
        .update(mailOutbox)
        .set({ status, error, sentAt: status === "sent" ? new Date() : null })
        .where(eq(mailOutbox.id, row.id));
    } catch (err) {
      logger.error("mail outbox update failed", { mailId: row.id, status, error: (err as Error).message });
    }
    return status;
  })();

  if (opts.background) {
    trackBackgroundDelivery(delivered);
    return { id: row.id, status: "queued", delivered };
  }
  const status = await delivered;
  return { id: row.id, status, delivered };
}
