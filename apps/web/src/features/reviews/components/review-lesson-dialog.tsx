import { zodResolver } from "@hookform/resolvers/zod";
import { reviewComment, reviewRating, type StudentProfileBooking } from "@kerb/shared";
import { REVIEW_COMMENT_MAX_LENGTH } from "@kerb/shared/rules";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { Field, textareaClasses } from "@/components/ui/field";
import { StarRatingField } from "@/components/ui/star-rating";
import { cn } from "@/lib/cn";
import { lessonDescription } from "@/lib/format";
import { useCreateReview } from "../api/create-review";

// The request's own rules (whole stars 1–5; plain text, length-limited), with 0 meaning "not chosen yet".
const reviewForm = z.object({
  rating: z.number().pipe(reviewRating),
  comment: z.string().pipe(reviewComment),
});
type ReviewFormInput = z.input<typeof reviewForm>;
type ReviewFormOutput = z.output<typeof reviewForm>;

type ReviewLessonDialogProps = {
  booking: StudentProfileBooking;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onReviewed: (booking: StudentProfileBooking, rating: number) => void;
};

/** Rating a completed lesson: stars (keyboard: arrow keys) and an optional comment. */
export function ReviewLessonDialog({ booking, isOpen, onOpenChange, onReviewed }: ReviewLessonDialogProps) {
  const create = useCreateReview();
  const form = useForm<ReviewFormInput, unknown, ReviewFormOutput>({
    resolver: zodResolver(reviewForm),
    defaultValues: { rating: 0, comment: "" },
  });
  const comment = form.watch("comment");
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    create.mutate(
      {
        bookingId: booking.id,
        rating: values.rating,
        ...(values.comment ? { comment: values.comment } : {}),
      },
      { onSuccess: () => onReviewed(booking, values.rating) },
    ),
  );

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) create.reset();
        onOpenChange(open);
      }}
      title={`Review your lesson with ${booking.instructor.firstName}`}
      description={lessonDescription(booking)}
      confirmLabel="Submit review"
      pendingLabel="Submitting…"
      cancelLabel="Not now"
      isPending={create.isPending}
      onConfirm={() => void submit()}
      kind="form"
    >
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarRatingField
            label="Your rating"
            value={field.value}
            onChange={field.onChange}
            error={errors.rating?.message}
            isDisabled={create.isPending}
          />
        )}
      />
      <Field
        label="Comment (optional)"
        hint={`What went well, what could be better. Plain text, up to ${REVIEW_COMMENT_MAX_LENGTH} characters. Shown publicly with your first name and initial.`}
        error={errors.comment?.message}
      >
        {(control) => (
          <textarea
            {...control}
            {...form.register("comment")}
            rows={4}
            maxLength={REVIEW_COMMENT_MAX_LENGTH}
            disabled={create.isPending}
            className={cn(textareaClasses, "aria-[invalid=true]:border-red-600")}
          />
        )}
      </Field>
      <p className="-mt-3 text-right text-slate-600 text-xs" aria-hidden="true">
        {comment.length}/{REVIEW_COMMENT_MAX_LENGTH}
      </p>
      {create.isError ? <ErrorState title="Your review was not saved" error={create.error} /> : null}
    </ConfirmDialog>
  );
}
