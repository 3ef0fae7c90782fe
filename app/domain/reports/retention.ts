/**
 * How long report files (PDF, Excel) are kept: counted from when a file was made, then the file is deleted. The
 * README and the privacy policy state this number; a test holds them to it.
 */
export const REPORT_FILE_RETENTION_DAYS = 365;
/**
 * The same, as the privacy policy and the README say it.
 * @internal
 */
export const REPORT_FILE_RETENTION_TEXT = "12 months";
