import RotateCw from "lucide-react/icons/rotate-cw";
import { errorMessage } from "@/lib/api-error";
import { Alert } from "./alert";
import { Button } from "./button";

type ErrorStateProps = {
  title?: string;
  error: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
  className?: string;
};

/** A failed request: what failed, why (when the server said), and a retry when one makes sense. */
export function ErrorState({ title, error, onRetry, isRetrying, className }: ErrorStateProps) {
  return (
    <Alert
      tone="error"
      title={title}
      className={className}
      action={
        onRetry ? (
          <Button
            variant="outline"
            size="sm"
            onClick={onRetry}
            isLoading={isRetrying}
            icon={<RotateCw className="size-4" aria-hidden="true" />}
          >
            Try again
          </Button>
        ) : undefined
      }
    >
      {errorMessage(error, "Something went wrong. Please try again.")}
    </Alert>
  );
}
