import { ImageResponse } from "next/og";

export const SHARE_CARD_SIZE = { width: 1200, height: 630 };

export interface ShareCardInput {
  /** Small line above the heading ("Tag", "@key"); the brand name stays at the top. */
  kicker?: string;
  heading: string;
  text: string;
  /** A square PNG drawn as a round picture beside the heading (a profile's avatar). */
  picture?: Buffer | null;
}

/** Beyond this many characters the heading is set smaller, so that three lines of it and the text fit the card. */
const LONG_HEADING = 32;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** A 1200×630 PNG share card on the brand gradient: the name, a heading, a line of text and an optional picture. */
export function shareCard({ kicker, heading, text, picture }: ShareCardInput): ImageResponse {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 72,
        color: "white",
        background: "linear-gradient(135deg, #7c3aed 0%, #db2777 100%)",
      }}
    >
      <div style={{ fontSize: 40, fontWeight: 800, letterSpacing: -1 }}>Kewl</div>
      <div style={{ display: "flex", alignItems: "center", gap: 48 }}>
        {picture ? (
          // eslint-disable-next-line @next/next/no-img-element -- drawn by satori, not a page
          <img
            src={`data:image/png;base64,${picture.toString("base64")}`}
            width={260}
            height={260}
            alt=""
            style={{ borderRadius: 9999, border: "8px solid rgba(255,255,255,0.85)" }}
          />
        ) : null}
        {/* A word wider than the card (a long name, a URL) breaks rather than running off its edge. */}
        <div style={{ display: "flex", flexDirection: "column", flex: 1, minWidth: 0, wordBreak: "break-word" }}>
          {kicker ? <div style={{ fontSize: 34, opacity: 0.85, marginBottom: 12 }}>{clip(kicker, 60)}</div> : null}
          <div style={{ fontSize: heading.length > LONG_HEADING ? 64 : 84, fontWeight: 800, lineHeight: 1.05 }}>
            {clip(heading, 60)}
          </div>
          <div style={{ fontSize: 36, marginTop: 24, opacity: 0.9, lineHeight: 1.3 }}>{clip(text, 160)}</div>
        </div>
      </div>
    </div>,
    SHARE_CARD_SIZE,
  );
}
