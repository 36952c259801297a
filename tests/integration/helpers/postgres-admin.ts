import pg from "pg";

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A connected client on the TEST_DATABASE_URL server, for creating and dropping test databases. */
export async function adminClient(adminUrl: string): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`TEST_DATABASE_URL is set but Postgres cannot be reached: ${(err as Error).message}`);
  }
  return admin;
}
