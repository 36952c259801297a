"use client";

import { useState, type FormEvent } from "react";
import { LoadingButton, TextField } from "@/components/auth/fields";
import { TextAreaField } from "@/components/creation/text-area-field";
import { LabelledSwitch } from "@/components/ui/labelled-switch";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { Spinner } from "@/components/ui/spinner";
import type { ChatPersonaAnswer } from "@/lib/contracts/persona-client";
import { PERSONA_LIMITS, PERSONA_MESSAGES } from "@/lib/validation/persona-rules";
import { usePersona, type PersonaValues } from "./use-persona";

const L = PERSONA_LIMITS;

/**
 * "Your persona": who the character talks with. The user's persona holds for every chat; this chat can have its
 * own instead. The name stands in for {{user}}, the description is given to the model.
 */
export function PersonaDialog({
  robotId,
  open,
  onOpenChange,
}: {
  robotId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { query, save, saving, error } = usePersona(robotId, open);
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Your persona"
      description="Who the character is talking with. The name is used for {{user}}; the description tells the character about you."
    >
      {query.data ? (
        <PersonaForm
          key={JSON.stringify(query.data)}
          answer={query.data}
          saving={saving}
          error={error}
          onSave={async (values) => {
            if (await save(values, query.data)) onOpenChange(false);
          }}
        />
      ) : query.isError ? (
        <p role="alert" className="py-6 text-sm text-destructive">
          Your persona could not be loaded. Close this and try again.
        </p>
      ) : (
        <div className="flex justify-center py-10" role="status" aria-label="Loading your persona">
          <Spinner />
        </div>
      )}
    </ResponsiveDialog>
  );
}

function PersonaForm({
  answer,
  saving,
  error,
  onSave,
}: {
  answer: ChatPersonaAnswer;
  saving: boolean;
  error: string | null;
  onSave: (values: PersonaValues) => Promise<void>;
}) {
  const [user, setUser] = useState(answer.user);
  const [ownInChat, setOwnInChat] = useState(answer.chat !== null);
  const [chat, setChat] = useState(answer.chat ?? { name: "", description: "" });
  const [chatNameError, setChatNameError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ownInChat && !chat.name.trim()) {
      setChatNameError(PERSONA_MESSAGES.nameRequired);
      return;
    }
    void onSave({ user, chat: ownInChat ? chat : null });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">In every chat</legend>
        <TextField
          label="Name"
          autoComplete="off"
          placeholder={answer.nickname}
          maxLength={L.name}
          count={user.name.length}
          value={user.name}
          onChange={(e) => setUser({ ...user, name: e.target.value })}
        />
        <TextAreaField
          label="About you"
          hint={`Left empty, your name is your nickname (${answer.nickname}).`}
          rows={3}
          maxLength={L.description}
          count={user.description.length}
          value={user.description}
          onChange={(e) => setUser({ ...user, description: e.target.value })}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4 border-t border-border pt-4">
        <legend className="sr-only">In this chat</legend>
        <LabelledSwitch
          label="A different persona in this chat"
          hint="Only this chat uses it; your other chats keep the one above."
          checked={ownInChat}
          onChange={setOwnInChat}
        />
        {ownInChat ? (
          <>
            <TextField
              label="Name in this chat"
              autoComplete="off"
              maxLength={L.name}
              count={chat.name.length}
              value={chat.name}
              error={chatNameError}
              onChange={(e) => {
                setChatNameError(undefined);
                setChat({ ...chat, name: e.target.value });
              }}
            />
            <TextAreaField
              label="About you in this chat"
              rows={3}
              maxLength={L.description}
              count={chat.description.length}
              value={chat.description}
              onChange={(e) => setChat({ ...chat, description: e.target.value })}
            />
          </>
        ) : null}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <LoadingButton type="submit" loading={saving} className="h-11">
        Save persona
      </LoadingButton>
    </form>
  );
}
