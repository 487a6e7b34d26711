/** The output type of a domain schema, without the web app importing zod itself. */
export type Infer<S extends { parse(value: unknown): unknown }> = ReturnType<S['parse']>;

/** A page of a list as the API returns it (domain `paged()`). */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
