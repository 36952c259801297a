import { ImageResponse } from "next/og";
import { getRobotDetail } from "@/server/modules/catalogue/robot-detail";
import { getProcessDatabase } from "@/server/db/process-database";

export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const alt = "Character on Kewl";

/** Share card: name and intro on the brand gradient. NSFW and unknown characters get the plain brand card. */
export default async function OpenGraphImage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const result = /^\d{1,15}$/.test(id)
    ? await getRobotDetail(getProcessDatabase().db, Number(id), { ageVerified: false, nsfw: false })
    : null;
  const robot = result?.status === "ok" ? result.robot : null;
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
      <div style={{ display: "flex", flexDirection: "column" }}>
        <div style={{ fontSize: 84, fontWeight: 800, lineHeight: 1.05 }}>
          {robot?.name ?? "Chat with AI characters"}
        </div>
        <div style={{ fontSize: 36, marginTop: 24, opacity: 0.9, lineHeight: 1.3 }}>
          {robot?.intro ?? "Browse, create and chat with characters you'll love."}
        </div>
      </div>
    </div>,
    size,
  );
}
