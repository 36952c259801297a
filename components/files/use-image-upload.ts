"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { isAbortError, isApiError } from "@/lib/api/errors";
import { uploadImage } from "@/lib/files/upload-image";

export type ImageUploadState = { status: "idle" } | { status: "uploading" } | { status: "error"; message: string };

const FALLBACK_MESSAGE = "The image could not be uploaded. Please try again.";

/**
 * Uploads a chosen image (lib/files/upload-image.ts: the browser's checks, the ticket, the form post, the
 * verification) and hands its verified URL to `onUploaded`; `upload` also answers it (null when it failed or was
 * cancelled). One upload at a time: a new one, `reset`, or the component going away cancels the one under way.
 */
export function useImageUpload(onUploaded: (url: string) => void) {
  const [state, setState] = useState<ImageUploadState>({ status: "idle" });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const upload = useCallback(
    async (file: File): Promise<string | null> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState({ status: "uploading" });
      try {
        const verified = await uploadImage(file, { signal: controller.signal });
        if (controller.signal.aborted) return null;
        onUploaded(verified.url);
        setState({ status: "idle" });
        return verified.url;
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) return null;
        setState({ status: "error", message: isApiError(error) && error.msg ? error.msg : FALLBACK_MESSAGE });
        return null;
      } finally {
        if (current.current === controller) current.current = null;
      }
    },
    [onUploaded],
  );

  const reset = useCallback(() => {
    current.current?.abort();
    setState({ status: "idle" });
  }, []);

  return { state, upload, reset };
}
