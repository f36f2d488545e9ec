import { MESSAGE_MAX_LENGTH, sendMessageRequest } from "@kerb/shared";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import SendHorizontal from "lucide-react/icons/send-horizontal";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { textareaClasses } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { useSendMessage } from "../api/send-message";

/** The counter shows once a message is this close to the limit. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

/**
 * Writes a message to `name`: checked by the same shared schema as the server (1 to 1000 characters
 * once trimmed), sent with the button or Ctrl/⌘+Enter, then cleared. A refusal (too many messages, no
 * lesson any more) shows under the box and keeps what was typed.
 */
export function MessageComposer({ otherUserId, name }: { otherUserId: string; name: string }) {
  const id = useId();
  const [body, setBody] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage(otherUserId);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    const parsed = sendMessageRequest.safeParse({ body });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Check your message");
      textarea.current?.focus();
      return;
    }
    setProblem(null);
    send.mutate(parsed.data, {
      onSuccess: () => {
        setBody("");
        textarea.current?.focus();
      },
      onError: (error) => setProblem(errorMessage(error, "Your message wasn't sent. Please try again.")),
    });
  };

  const describedBy = [problem ? `${id}-error` : null, body.length >= COUNTER_FROM ? `${id}-count` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label htmlFor={id} className="font-medium text-slate-800 text-sm">
        Message {name}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          ref={textarea}
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          value={body}
          placeholder="Pickup details, running late…"
          onChange={(event) => {
            setBody(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit();
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(textareaClasses, "min-h-11 resize-y", problem && "border-red-600")}
        />
        <Button
          type="submit"
          isLoading={send.isPending}
          icon={<SendHorizontal className="size-4" aria-hidden="true" />}
          className="shrink-0"
        >
          Send
        </Button>
      </div>
      {problem ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="flex items-start gap-1.5 font-medium text-red-700 text-sm"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {problem}
        </p>
      ) : null}
      {body.length >= COUNTER_FROM ? (
        <p id={`${id}-count`} className="text-slate-600 text-xs">
          {body.length}/{MESSAGE_MAX_LENGTH} characters
        </p>
      ) : null}
    </form>
  );
}
