import { isApiError } from "@/lib/api/errors";
import { toast } from "@/stores/toast-store";

/** A change to the chat that the server refused or that did not reach it: a destructive toast with its reason. */
export function changeFailed(title: string, error: unknown): void {
  const description =
    isApiError(error) && error.code > 0 && error.msg ? error.msg : "Check your connection and try again.";
  toast({ title, description, variant: "destructive" });
}
