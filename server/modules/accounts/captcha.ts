import { createHash, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import svgCaptcha from "svg-captcha";
import { captchas } from "../../db/schema";
import type { Db } from "../../db/types";
import { normalizeEmail } from "./context";

export const CAPTCHA_TTL_MS = 10 * 60_000;
/** No 0/O/o, 1/l/I/i: characters people confuse. Answers are case-insensitive. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

type RenderOptions = {
  width?: number;
  height?: number;
  fontSize?: number;
  noise?: number;
  color?: boolean;
  background?: string;
};
// svg-captcha's default export renders given text (its typings only declare the random helpers).
const renderCaptcha = svgCaptcha as unknown as (text: string, options?: RenderOptions) => string;

function answerHash(id: string, answer: string): string {
  return createHash("sha256").update(`${id}:${answer.trim().toLowerCase()}`).digest("hex");
}

function randomAnswer(): string {
  const size = randomInt(4, 6); // 4 or 5 characters
  let text = "";
  for (let i = 0; i < size; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/**
 * A new captcha bound to e-mail + black box, valid 10 minutes and single use; older unused ones of the same pair
 * die (only the last image shown counts). Only a hash of the answer is stored. `fixedAnswer` is the
 * TEST_CAPTCHA_ANSWER switch. Returns the image as a data: URL.
 */
export async function createCaptcha(
  db: Db,
  input: { email: string; blackBox: string; fixedAnswer?: string },
): Promise<string> {
  const email = normalizeEmail(input.email);
  const answer = input.fixedAnswer ?? randomAnswer();
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .update(captchas)
      .set({ usedAt: new Date() })
      .where(
        and(sql`lower(${captchas.email}) = ${email}`, eq(captchas.blackBox, input.blackBox), isNull(captchas.usedAt)),
      );
    await tx.insert(captchas).values({
      id,
      email,
      blackBox: input.blackBox,
      answerHash: answerHash(id, answer),
      expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
    });
  });
  const svg = renderCaptcha(answer, {
    width: 150,
    height: 50,
    fontSize: 52,
    noise: 3,
    color: true,
    background: "#f4f4f5",
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * Checks an answer and uses the captcha up whatever the outcome (every attempt needs a fresh captcha). True only
 * for the right answer to a live captcha of this e-mail + black box.
 */
export async function consumeCaptcha(
  db: Db,
  input: { email: string; blackBox: string; answer: string },
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(
      and(
        sql`lower(${captchas.email}) = ${normalizeEmail(input.email)}`,
        eq(captchas.blackBox, input.blackBox),
        isNull(captchas.usedAt),
      ),
    )
    .returning({ id: captchas.id, answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
  return rows.some(
    (r) =>
      r.expiresAt > now &&
      timingSafeEqual(Buffer.from(r.answerHash, "hex"), Buffer.from(answerHash(r.id, input.answer), "hex")),
  );
}
