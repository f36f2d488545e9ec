import Download from "lucide-react/icons/download";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-error";

type TaxInvoiceDownloadProps = {
  invoiceNumber: string;
  onDownload: () => void;
  isPending: boolean;
  /** The last download's failure, if it failed. */
  error: unknown;
  size?: "sm";
};

/** The "Download tax invoice" button of a payment, and what went wrong if the download failed. */
export function TaxInvoiceDownload({
  invoiceNumber,
  onDownload,
  isPending,
  error,
  size,
}: TaxInvoiceDownloadProps) {
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="outline"
        size={size ?? "md"}
        className="w-full sm:w-auto sm:self-start"
        onClick={onDownload}
        isLoading={isPending}
        loadingText="Preparing tax invoice…"
        icon={<Download className="size-4" aria-hidden="true" />}
      >
        {/* The number tells one row's button from the next to a screen reader. */}
        Download tax invoice <span className="sr-only">{invoiceNumber}</span>
      </Button>
      {error ? (
        <Alert tone="error" title="We couldn't download the tax invoice">
          {errorMessage(error, "Please check your connection and try again.")}
        </Alert>
      ) : null}
    </div>
  );
}
