/** The signature of SPEC §7 (see signature.ts); the server verifies with this same function. */
import SparkMD5 from "spark-md5";
import { canonicalString } from "./signature";

/** Lower-case hex MD5 of the canonical string. */
export function signParams(params: Record<string, unknown>, key: string): string {
  return SparkMD5.hash(canonicalString(params, key));
}
