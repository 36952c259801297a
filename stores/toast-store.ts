import { create } from "zustand";

/** SPEC §2 item 7 and §9: one toast visible, shown 5000 ms, removed 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = "default" | "destructive";

interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
  action?: ToastAction;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (patch: Partial<ToastInput>) => void;
}

interface ToastState {
  toasts: Toast[];
}

/** Not persisted: toasts live for the page only. */
export const useToastStore = create<ToastState>()(() => ({ toasts: [] }));

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${counter}`;
}

function clearRemoveTimer(id: string): void {
  const timer = removeTimers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  removeTimers.delete(id);
}

/** Drops a toast from the store at once (no exit animation). */
function removeToast(id: string): void {
  clearRemoveTimer(id);
  useToastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => removeToast(id), TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast (or all when `id` is omitted) and schedules its removal. */
export function dismissToast(id?: string): void {
  const { toasts } = useToastStore.getState();
  const targets = id === undefined ? toasts.map((t) => t.id) : toasts.some((t) => t.id === id) ? [id] : [];
  if (targets.length === 0) return;
  targets.forEach(scheduleRemoval);
  useToastStore.setState((s) => ({
    toasts: s.toasts.map((t) => (targets.includes(t.id) ? { ...t, open: false } : t)),
  }));
}

/** Changes a shown toast's text, variant or action. */
function updateToast(id: string, patch: Partial<ToastInput>): void {
  useToastStore.setState((s) => ({
    toasts: s.toasts.map((t) => (t.id === id ? { ...t, ...patch, id } : t)),
  }));
}

/**
 * Shows a toast. A plain function: callable from React and from non-React code (e.g. the API client).
 * The newest toast goes to the front; older ones beyond TOAST_LIMIT are dropped.
 */
export function toast(input: ToastInput): ToastHandle {
  const id = nextId();
  const item: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? "default",
    action: input.action,
    open: true,
  };
  const dropped = [item, ...useToastStore.getState().toasts].slice(TOAST_LIMIT);
  dropped.forEach((t) => clearRemoveTimer(t.id));
  useToastStore.setState((s) => ({ toasts: [item, ...s.toasts].slice(0, TOAST_LIMIT) }));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch) => updateToast(id, patch),
  };
}

/** Removes every toast and pending timer (logout, tests). */
export function clearToasts(): void {
  removeTimers.forEach((timer) => clearTimeout(timer));
  removeTimers.clear();
  useToastStore.setState({ toasts: [] });
}
