// A language file's five parts (vite.config.ts, localeParts): `core` holds its CORE_SECTIONS, `help` its
// HELP_SECTIONS, `columns` its COLUMN_SECTIONS, `commands` its COMMAND_SECTIONS, `pages` the rest.
declare module 'virtual:locale-core/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module 'virtual:locale-pages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module 'virtual:locale-help/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module 'virtual:locale-columns/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module 'virtual:locale-commands/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
