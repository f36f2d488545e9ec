import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { cn } from "@/lib/cn";
import { Button, type ButtonVariant } from "./button";

type ConfirmDialogKind = "alert" | "form";

const kinds: Record<
  ConfirmDialogKind,
  { role: "alertdialog" | "dialog"; modal: string; body: string; actions: string; content?: string }
> = {
  // A question to answer before something happens: an alert dialog with a short prose body.
  alert: {
    role: "alertdialog",
    modal: "max-h-[90dvh] sm:max-w-md",
    body: "gap-4",
    actions: "pt-2",
    content: "flex flex-col gap-3 text-slate-700 text-sm leading-relaxed",
  },
  // Asks for input (a reason, dates): a wider dialog whose fields lay themselves out.
  form: { role: "dialog", modal: "max-h-[92dvh] sm:max-w-lg", body: "gap-5", actions: "pt-1" },
};

type ConfirmDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** Shown under the title. */
  description?: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  cancelLabel?: string;
  onConfirm: () => void;
  isPending?: boolean;
  pendingLabel?: string;
  /** Until what the confirmation depends on is known (e.g. still loading), the action cannot be taken. */
  isConfirmDisabled?: boolean;
  kind?: ConfirmDialogKind;
};

/**
 * A modal that confirms an action (React Aria: focus trapped and restored, Escape and outside clicks
 * close it unless the action is under way). Named by its title. The body is a form, so Enter in a field
 * confirms as the button does.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  confirmVariant = "primary",
  cancelLabel = "Cancel",
  onConfirm,
  isPending = false,
  pendingLabel,
  isConfirmDisabled = false,
  kind = "alert",
}: ConfirmDialogProps) {
  const style = kinds[kind];
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!isPending) onOpenChange(open);
      }}
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-4"
    >
      <Modal
        className={cn("w-full overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:rounded-2xl", style.modal)}
      >
        <Dialog role={style.role} className="outline-none">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              // Enter in a field submits even while the button is disabled: the action runs once.
              if (!isConfirmDisabled && !isPending) onConfirm();
            }}
            className={cn("flex flex-col p-5 sm:p-6", style.body)}
          >
            <div className="flex flex-col gap-1">
              <Heading slot="title" className="font-semibold text-lg text-slate-900">
                {title}
              </Heading>
              {description ? <div className="text-slate-600 text-sm">{description}</div> : null}
            </div>
            {style.content ? <div className={style.content}>{children}</div> : children}
            <div className={cn("flex flex-col-reverse gap-3 sm:flex-row sm:justify-end", style.actions)}>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
                {cancelLabel}
              </Button>
              <Button
                type="submit"
                variant={confirmVariant}
                isLoading={isPending}
                loadingText={pendingLabel}
                disabled={isConfirmDisabled}
              >
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
