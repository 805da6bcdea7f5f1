import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";
import { productSchema } from "../schemas/product";

/** A product. By creator: gsi1. By moderation status: gsi2. All (admin): gsi3. */
export const ProductEntity = new LazyEntity(productSchema, cfg());

export type ProductItem = EntityItem<typeof ProductEntity>;
