// A language file's two parts (vite.config.ts, localeParts): `core` holds its CORE_SECTIONS, `pages` the rest.
declare module 'virtual:locale-core/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module 'virtual:locale-pages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
