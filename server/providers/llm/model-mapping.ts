/**
 * LLM_MODELS: our model keys mapped to upstream model ids, "standard=llama3.1:8b,premium=qwen2.5:32b". A bare id
 * (no "=") is the upstream model for every key not named explicitly; unset, each model's provider_model is used.
 */
export interface ModelMapping {
  readonly byKey: ReadonlyMap<string, string>;
  /** The bare id, for keys without their own entry. */
  readonly fallback: string | null;
}

export class ModelMappingError extends Error {
  /** `detail` without the variable's name, for validators that add it themselves. */
  constructor(readonly detail: string) {
    super(`LLM_MODELS: ${detail}`);
    this.name = "ModelMappingError";
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const EXAMPLE =
  'expected "key=upstream-id" entries separated by commas, e.g. "standard=llama3.1:8b,premium=qwen2.5:32b"';

export function parseModelMapping(value?: string): ModelMapping {
  const byKey = new Map<string, string>();
  let fallback: string | null = null;
  if (value === undefined || value.trim() === "") return { byKey, fallback };

  // Empty entries (a trailing comma, ",,") are tolerated; everything else must be well formed.
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  if (entries.length === 0) throw new ModelMappingError(`no model ids in "${value}"; ${EXAMPLE}`);
  for (const entry of entries) {
    const eq = entry.indexOf("=");
    if (eq === -1) {
      checkUpstreamId(entry, entry);
      if (fallback !== null) {
        throw new ModelMappingError(
          `more than one bare model id ("${fallback}", "${entry}"); name the keys: ${EXAMPLE}`,
        );
      }
      fallback = entry;
      continue;
    }
    const key = entry.slice(0, eq).trim();
    const id = entry.slice(eq + 1).trim();
    if (!key) throw new ModelMappingError(`"${entry}" has no model key before "="; ${EXAMPLE}`);
    if (!KEY.test(key))
      throw new ModelMappingError(`"${key}" in "${entry}" is not a valid model key (letters, digits, _ . -)`);
    if (!id) throw new ModelMappingError(`"${entry}" has no upstream model id after "="; ${EXAMPLE}`);
    checkUpstreamId(id, entry);
    if (byKey.has(key)) throw new ModelMappingError(`model key "${key}" is mapped twice`);
    byKey.set(key, id);
  }
  return { byKey, fallback };
}

function checkUpstreamId(id: string, entry: string): void {
  if (/[\s=]/.test(id))
    throw new ModelMappingError(`"${entry}": an upstream model id cannot contain spaces or "="; ${EXAMPLE}`);
}

/** The upstream id for a model key: its own entry, else the bare id, else the model's provider_model. */
export function resolveUpstreamModel(mapping: ModelMapping, modelKey: string, providerModel: string): string {
  return mapping.byKey.get(modelKey) ?? mapping.fallback ?? providerModel;
}

/** For config validation: the problem with a value, or null when it parses. */
export function modelMappingProblem(value?: string): string | null {
  try {
    parseModelMapping(value);
    return null;
  } catch (err) {
    if (err instanceof ModelMappingError) return err.detail;
    throw err;
  }
}
