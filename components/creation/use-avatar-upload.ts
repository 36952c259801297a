"use client";

import { useEffect, useRef, useState } from "react";
import { isApiError } from "@/lib/api/errors";
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from "@/lib/contracts/files";
import { uploadImage } from "@/lib/files/upload-image";

export type AvatarUploadState = { status: "idle" } | { status: "uploading" } | { status: "error"; message: string };

/** A file the upload refuses before sending it, with the reason; null when it may be sent. */
export function avatarFileProblem(file: File): string | null {
  if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) return "Choose a PNG, JPEG or WebP image.";
  if (file.size > UPLOAD_MAX_BYTES) return `The image must be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
  return null;
}

/**
 * Uploads an image (lib/files/upload-image.ts) and hands its verified URL to `onUploaded`. One upload at a time:
 * a new one, or leaving the page, cancels the one under way.
 */
export function useAvatarUpload(onUploaded: (url: string) => void) {
  const [state, setState] = useState<AvatarUploadState>({ status: "idle" });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  async function upload(file: File): Promise<string | null> {
    const problem = avatarFileProblem(file);
    if (problem) {
      setState({ status: "error", message: problem });
      return null;
    }
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
    } catch (err) {
      if (controller.signal.aborted) return null;
      setState({
        status: "error",
        message: isApiError(err) ? err.msg : "The image could not be uploaded. Please try again.",
      });
      return null;
    } finally {
      if (current.current === controller) current.current = null;
    }
  }

  return { state, upload, clearError: () => setState({ status: "idle" }) };
}
