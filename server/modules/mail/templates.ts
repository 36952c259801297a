import type { MailMessage } from "./send-mail";

const SITE = "Kewl";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function layout(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join("");
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;line-height:1.5;max-width:520px;margin:24px auto;padding:0 16px">${body}</body></html>`;
}

/** The 6-digit code of the register step (send_email type 4). */
export function registerCodeMail(to: string, code: string, validMinutes: number): MailMessage {
  return {
    to,
    subject: `Your ${SITE} verification code`,
    text:
      `Your ${SITE} verification code is ${code}\n\n` +
      `It expires in ${validMinutes} minutes. If you did not try to create a ${SITE} account, ignore this e-mail.\n`,
    html: layout([
      `Your ${escapeHtml(SITE)} verification code is`,
      `<strong style="font-size:28px;letter-spacing:4px">${escapeHtml(code)}</strong>`,
      `It expires in ${validMinutes} minutes. If you did not try to create a ${escapeHtml(SITE)} account, ignore this e-mail.`,
    ]),
  };
}

/** The reset link of the forgot-password step (send_email type 3). */
export function resetLinkMail(to: string, link: string, validMinutes: number): MailMessage {
  return {
    to,
    subject: `Reset your ${SITE} password`,
    text:
      `Someone asked to reset the password of your ${SITE} account. To choose a new password, open this link ` +
      `within ${validMinutes} minutes:\n\n${link}\n\n` +
      `If it was not you, ignore this e-mail: your password stays unchanged.\n`,
    html: layout([
      `Someone asked to reset the password of your ${escapeHtml(SITE)} account. To choose a new password, open this link within ${validMinutes} minutes:`,
      `<a href="${escapeHtml(link)}">Reset my password</a>`,
      `Or copy this address into your browser: ${escapeHtml(link)}`,
      `If it was not you, ignore this e-mail: your password stays unchanged.`,
    ]),
  };
}
