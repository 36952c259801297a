"use client";

import {
  forwardRef,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type FormEvent,
  type KeyboardEvent,
} from "react";
import { CHAT_MESSAGE_MAX_CHARS } from "@/lib/contracts/chat-codes";
import { SendIcon, StopIcon } from "./chat-icons";

/** The composer shows its character counter from here on. */
const MESSAGE_COUNTER_FROM = 3500;

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  streaming: boolean;
  characterName: string;
}

export interface ComposerHandle {
  focus(): void;
}

/** Tallest the textarea grows before it scrolls, in pixels. */
const MAX_HEIGHT_PX = 200;

/**
 * The message box: grows with its text; Enter sends, Shift+Enter breaks the line, Enter that confirms an IME
 * composition does neither. While a reply streams in, Send becomes Stop.
 */
export const Composer = forwardRef<ComposerHandle, Props>(function Composer(
  { value, onChange, onSend, onStop, streaming, characterName },
  ref,
) {
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => textareaRef.current?.focus() }), []);

  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    // Empty, it stays one line high: a long placeholder ("Message {a long name}…") is cut, never grows the box.
    if (value === "") {
      el.style.height = "";
      el.style.overflowY = "hidden";
      return;
    }
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
    el.style.overflowY = el.scrollHeight > MAX_HEIGHT_PX ? "auto" : "hidden";
  }, [value]);

  const length = value.length;
  const tooLong = length > CHAT_MESSAGE_MAX_CHARS;
  const showCounter = length >= MESSAGE_COUNTER_FROM;
  const canSend = value.trim() !== "" && !tooLong && !streaming;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (canSend) onSend();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    // Enter that ends an IME composition (Japanese, Chinese, Korean input) must not send; Safari reports 229.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  }

  return (
    <form onSubmit={submit} className="relative">
      <label htmlFor={id} className="sr-only">
        Message {characterName}
      </label>
      <div className="flex items-end gap-2 rounded-3xl border border-border bg-card py-1.5 pr-1.5 pl-4 shadow-sm transition-colors focus-within:border-primary/60 focus-within:ring-2 focus-within:ring-ring/40">
        <textarea
          ref={textareaRef}
          id={id}
          rows={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={`Message ${characterName}…`}
          enterKeyHint="send"
          aria-describedby={`${id}-hint`}
          aria-invalid={tooLong || undefined}
          className="max-h-[200px] min-h-10 flex-1 resize-none bg-transparent py-2 text-base leading-6 outline-none placeholder:text-muted-foreground placeholder-shown:truncate sm:text-[0.9375rem]"
        />
        {streaming ? (
          <button
            type="button"
            onClick={onStop}
            aria-label="Stop"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-foreground text-background transition-opacity outline-none hover:opacity-85 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          >
            <StopIcon width={16} height={16} />
          </button>
        ) : (
          <button
            type="submit"
            aria-label="Send"
            disabled={!canSend}
            className="grid size-10 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground transition-opacity outline-none hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:opacity-40"
          >
            <SendIcon width={18} height={18} />
          </button>
        )}
      </div>
      {/* Below 640px the keyboard hint is hidden: the row only takes room for the counter, for the messages' sake. */}
      <div
        id={`${id}-hint`}
        className={`flex justify-between gap-3 px-3 text-xs text-muted-foreground sm:mt-1.5 sm:min-h-4 ${showCounter ? "mt-1.5" : ""}`}
      >
        <span className="hidden sm:inline">Enter to send, Shift+Enter for a new line</span>
        {showCounter ? (
          <span
            className={`ml-auto tabular-nums ${tooLong ? "font-medium text-destructive" : ""}`}
            data-testid="composer-counter"
          >
            {tooLong ? `${length - CHAT_MESSAGE_MAX_CHARS} over the limit · ` : ""}
            {length} / {CHAT_MESSAGE_MAX_CHARS}
          </span>
        ) : null}
      </div>
    </form>
  );
});
