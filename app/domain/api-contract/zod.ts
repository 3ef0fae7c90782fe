/** zod with the `.openapi()` metadata of @asteasolutions/zod-to-openapi: the API contract's schemas are written with it. */
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

extendZodWithOpenApi(z);

export { z };

/** An answer object: a field it does not list is a contract violation (`additionalProperties: false`). */
export const obj = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();
