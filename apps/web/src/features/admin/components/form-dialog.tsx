import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button, type ButtonVariant } from "@/components/ui/button";

type FormDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** Shown under the title. */
  description?: ReactNode;
  children: ReactNode;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  cancelLabel?: string;
  onSubmit: () => void;
  isPending?: boolean;
  pendingLabel?: string;
};

/**
 * A modal form (React Aria: focus trapped and restored, Escape and outside clicks close it unless a
 * request is under way). Named by its title.
 */
export function FormDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  submitLabel,
  submitVariant = "primary",
  cancelLabel = "Cancel",
  onSubmit,
  isPending = false,
  pendingLabel,
}: FormDialogProps) {
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
      <Modal className="max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:max-w-lg sm:rounded-2xl">
        <Dialog className="outline-none">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
            className="flex flex-col gap-5 p-5 sm:p-6"
          >
            <div className="flex flex-col gap-1">
              <Heading slot="title" className="font-semibold text-lg text-slate-900">
                {title}
              </Heading>
              {description ? <div className="text-slate-600 text-sm">{description}</div> : null}
            </div>
            {children}
            <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
                {cancelLabel}
              </Button>
              <Button type="submit" variant={submitVariant} isLoading={isPending} loadingText={pendingLabel}>
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
