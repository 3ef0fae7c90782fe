import { AppError } from "../http/errors.server";

/** A file refused as a whole (size, type, not a table); the message is shown to the user as is. */
export class UploadRefusedError extends AppError {
  constructor(message: string, status = 422) {
    super(message, status, "file");
  }
}
