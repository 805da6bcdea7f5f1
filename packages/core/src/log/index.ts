import { Logger } from "@aws-lambda-powertools/logger";

/** Structured logger shared by handlers and core. Never log secrets, card data or tokens. */
export const logger = new Logger({
  serviceName: "payloft",
  logLevel: (process.env.LOG_LEVEL as "INFO" | "WARN" | "ERROR" | "SILENT" | undefined) ?? "INFO",
});
