import type { AppErrorCode } from "@kerb/shared";

type FieldIssue = { path: string; message: string };

/** A failed call: the server's `{error:{code,message,details}}`, or a network failure (status 0). */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: AppErrorCode | (string & {});
  readonly details?: unknown;
  /** True when the message came from the server rather than from this client. */
  readonly hasServerMessage: boolean;

  constructor(opts: {
    status: number;
    code: string;
    message: string;
    details?: unknown;
    hasServerMessage?: boolean;
    cause?: unknown;
  }) {
    super(opts.message, { cause: opts.cause });
    this.status = opts.status;
    this.code = opts.code;
    this.details = opts.details;
    this.hasServerMessage = opts.hasServerMessage ?? false;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** Field-level issues of a 400 validation error, as the API's error handler lists them. */
  get fieldIssues(): FieldIssue[] {
    if (!Array.isArray(this.details)) return [];
    return this.details.filter(
      (d): d is FieldIssue =>
        typeof d === "object" && d !== null && typeof d.path === "string" && typeof d.message === "string",
    );
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's message when it sent one, otherwise the screen's own fallback (spec §8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && (error.hasServerMessage || error.isNetworkError)) return error.message;
  return fallback;
}
