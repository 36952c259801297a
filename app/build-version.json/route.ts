import { NextResponse } from "next/server";
import { BUILD_ID } from "@/lib/pwa/build-version";

// Written by the build (a static route): the build id that pages compare with their own to offer an update.
export const dynamic = "force-static";

export function GET() {
  return NextResponse.json({ version: BUILD_ID });
}
