import { desc, sql } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import type { Db } from "../../db/types";

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: string;
  created_at: string;
  /** The 6-digit code in the message, if any. */
  code: string | null;
  /** The password reset link in the message, if any. */
  link: string | null;
}

/** The latest messages to an address (case-insensitive), newest first. Test automation only. */
export async function listOutbox(db: Db, email: string, limit = 10): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${email.trim()})`)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    code: /\b(\d{6})\b/.exec(r.text)?.[1] ?? null,
    link: /(\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(r.text)?.[1] ?? null,
  }));
}
