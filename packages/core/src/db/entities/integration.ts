import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";
import { integrationSchema } from "../schemas/integration";

/** A seller's payment integration (one per seller). Secrets are stored encrypted only. */
export const IntegrationEntity = new LazyEntity(integrationSchema, cfg());

export type IntegrationItem = EntityItem<typeof IntegrationEntity>;
