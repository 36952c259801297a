import { NextResponse, type NextRequest } from "next/server";

/** Global route middleware: passes the path to server components (the 404 page names it). */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-pathname", request.nextUrl.pathname);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|v1/|favicon.ico|sw.js|manifest.webmanifest|icons/).*)"],
};
