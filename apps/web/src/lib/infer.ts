/** The output type of a domain schema, without the web app importing zod itself. */
export type Infer<S extends { parse(value: unknown): unknown }> = ReturnType<S['parse']>;
