import { type AppErrorCode, ERROR_STATUS } from "@kerb/shared";

/** The one error type services throw; the error handler turns it into `{error:{code,message,details}}`. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
    this.statusCode = ERROR_STATUS[code];
  }
}
