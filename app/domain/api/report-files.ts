/** The formats a bought report's file comes in through the API, and their media types (the document states them). */
export const REPORT_FILE_FORMATS = ["pdf", "xlsx"] as const;
export type ReportFileFormat = (typeof REPORT_FILE_FORMATS)[number];

export const REPORT_FILE_MEDIA_TYPES: Record<ReportFileFormat, string> = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
