import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";

/** Request schemas are the contracts' exports named …Request, …Query, …Param or …Params. */
const REQUEST_NAME = /(Request|Query|Params?)$/;

const CONTRACTS_DIR = path.join(process.cwd(), "lib/contracts");

/** Every request schema of every file in lib/contracts, by "file.exportName" (new files and exports included). */
export async function requestSchemas(): Promise<Map<string, z.ZodType>> {
  const out = new Map<string, z.ZodType>();
  for (const file of fs
    .readdirSync(CONTRACTS_DIR)
    .filter((f) => f.endsWith(".ts"))
    .sort()) {
    const mod = (await import(path.join(CONTRACTS_DIR, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (REQUEST_NAME.test(name) && isSchema(value)) out.set(`${file.slice(0, -3)}.${name}`, value);
    }
  }
  return out;
}

function isSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value && "safeParse" in value;
}

export interface Leaf {
  /** Field path inside the payload ("0" for array items). */
  path: string[];
  schema: z.ZodType;
  type: "string" | "number";
  coerce: boolean;
}

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** The string and number fields of a schema at any depth (through optional, default, union, array, pipe…). */
export function leaves(schema: z.ZodType, at: string[] = [], out: Leaf[] = []): Leaf[] {
  const def = defOf(schema);
  const walk = (child: unknown, where = at) => leaves(child as z.ZodType, where, out);
  switch (def.type) {
    case "string":
    case "number":
      out.push({ path: at, schema, type: def.type, coerce: def.coerce === true });
      break;
    case "object":
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) walk(child, [...at, key]);
      break;
    case "array":
      walk(def.element, [...at, "0"]);
      break;
    case "record":
      walk(def.valueType, [...at, "k"]);
      break;
    case "lazy": {
      // A recursive type (JSON values in a card's kept data): its string option stands for every string in it.
      const inner = (def.getter as () => z.ZodType)();
      const options = (inner._zod.def as { options?: z.ZodType[] }).options ?? [inner];
      const text = options.find((o) => o._zod.def.type === "string");
      if (text) out.push({ path: at, schema: text, type: "string", coerce: false });
      break;
    }
    case "union":
      for (const option of def.options as unknown[]) walk(option);
      break;
    case "pipe":
      walk(def.in);
      break;
    case "intersection":
      walk(def.left);
      walk(def.right);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      walk(def.innerType);
      break;
    case "literal":
    case "enum":
    case "boolean":
    case "unknown":
    case "transform":
      break;
    default:
      throw new Error(`contract-walk: add the zod type '${def.type}' at ${at.join(".") || "(root)"}`);
  }
  return out;
}
