"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { isAbortError } from "@/lib/api/errors";
import { uploadImage } from "@/lib/files/upload-image";

export type AvatarUploadState = { status: "idle" } | { status: "uploading" } | { status: "error"; message: string };

const FALLBACK_MESSAGE = "The upload failed. Please try again.";

/**
 * Uploads a chosen image and hands its verified URL to `onUploaded`. One upload at a time: a new choice, or the
 * component going away, aborts the one in flight.
 */
export function useAvatarUpload(onUploaded: (url: string) => void) {
  const [state, setState] = useState<AvatarUploadState>({ status: "idle" });
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const upload = useCallback(
    async (file: File) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState({ status: "uploading" });
      try {
        const verified = await uploadImage(file, { signal: controller.signal });
        if (controller.signal.aborted) return;
        onUploaded(verified.url);
        setState({ status: "idle" });
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) return;
        const message = error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE;
        setState({ status: "error", message });
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
