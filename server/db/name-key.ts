import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { INVISIBLE_PG_PATTERN } from "../../lib/validation/visible-text";

/**
 * A name as names are compared (the character name check): without zero-width and format characters, lower-cased
 * by the database, outer spaces trimmed. The pattern is a literal, not a parameter, so a query's expression is the
 * index's (robots_name_key_idx) and the planner can use it.
 */
export function nameKey(value: SQLWrapper | string): SQL {
  return sql`btrim(lower(regexp_replace(${value}, '${sql.raw(INVISIBLE_PG_PATTERN)}', '', 'g')))`;
}
