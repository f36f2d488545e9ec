/**
 * Kerb's PDFs are rendered in a pool of worker threads (piscina): a tax invoice costs ~0.5 s of CPU,
 * which on the request thread stalled every other request (and fired the database's query timer on
 * healthy queries). The pool has as many threads as the machine has cores to spare and a bounded queue:
 * when it is full the request is refused with 503 and Retry-After instead of waiting behind the others.
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { AppError } from "../app-error.ts";

export type PdfKind = "taxInvoice" | "payoutStatement" | "gstSummary" | "logbook";

/** What a worker is given: which renderer, and its data (structured-cloned, so plain values and Dates). */
export interface PdfJob {
  kind: PdfKind;
  data: unknown;
}

export interface PdfRenderer {
  render(kind: PdfKind, data: unknown): Promise<Buffer>;
  close(): Promise<void>;
}

export interface PdfPoolOptions {
  /** Worker threads; default one fewer than the cores, at least one. */
  threads?: number;
  /** Documents that may wait for a thread; more are refused with 503. Default: defaultPdfQueueMax. */
  queueMax?: number;
  /** The per-user document limit (DOCUMENT_RATE_LIMIT_MAX), which the default queue is sized above. */
  documentsPerUser?: number;
}

/** Seconds a refused client is told to wait: about one document's rendering time, with margin. */
const RETRY_AFTER_SECONDS = 2;

export const defaultPdfThreads = () => Math.max(1, availableParallelism() - 1);

/**
 * Eight documents a thread, and never fewer than four times what one user may ask for in a minute: a
 * queue smaller than the per-user limit answered 503 to one student's own burst of invoices (11 of 20
 * on one thread with 8 places), where the limit should have answered 429 first. Four users' full bursts
 * fit at once; on one thread that is a wait of about 40 × 40 ms for the last.
 */
export const defaultPdfQueueMax = (threads: number, documentsPerUser = 10) =>
  Math.max(threads * 8, documentsPerUser * 4);

/**
 * The worker's file: TypeScript beside src/ under tsx and vitest (loaded through tsx's hooks in the
 * thread), the built dist/pdf-worker.js beside dist/server.js once bundled by tsup.
 */
function workerFile(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith(".ts");
  const filename = fromSource
    ? new URL("../../pdf-worker.ts", import.meta.url).href
    : new URL("./pdf-worker.js", import.meta.url).href;
  return { filename, execArgv: fromSource ? ["--import", "tsx"] : [] };
}

class PdfBusyError extends AppError {
  readonly headers = { "retry-after": String(RETRY_AFTER_SECONDS) };
  constructor(message: string) {
    super("service_unavailable", message);
  }
}

const QUEUE_FULL = new Set(["Task queue is at limit", "No task queue available and all Workers are busy"]);

export function createPdfRenderer(options: PdfPoolOptions = {}): PdfRenderer {
  const threads = options.threads ?? defaultPdfThreads();
  const pool = new Piscina({
    ...workerFile(),
    minThreads: 1,
    maxThreads: threads,
    maxQueue: options.queueMax ?? defaultPdfQueueMax(threads, options.documentsPerUser),
    // A rendering is CPU-bound: one per thread, or two would share a core and both take twice as long.
    concurrentTasksPerWorker: 1,
    // Threads beyond the first stay up a while after a burst, so the fonts they read are reused.
    idleTimeout: 60_000,
  });
  return {
    async render(kind, data) {
      try {
        const bytes: Uint8Array = await pool.run({ kind, data } satisfies PdfJob);
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        const message = (error as Error).message ?? "";
        if (QUEUE_FULL.has(message)) {
          throw new PdfBusyError("Kerb is busy preparing other documents. Please try again in a moment.");
        }
        // The thread died under this document (piscina starts another): this request only fails.
        if (message.startsWith("worker exited with code") || message === "Terminating worker thread") {
          throw new PdfBusyError("The document could not be prepared just now. Please try again.");
        }
        throw error;
      }
    },
    close: () => pool.destroy(),
  };
}
