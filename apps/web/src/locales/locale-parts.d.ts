// A language file's nine parts (vite.config.ts, localeParts): `core` holds its CORE_SECTIONS, `help` its
// HELP_SECTIONS, `columns` its COLUMN_SECTIONS, `commands` its COMMAND_SECTIONS, `users` its USER_ADMIN_SECTIONS,
// `register` its REGISTER_SECTIONS, `flow` its FLOW_SECTIONS, `bigscreen` its BIG_SCREEN_SECTIONS, `pages` the rest.
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
declare module 'virtual:locale-users/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module 'virtual:locale-register/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module 'virtual:locale-flow/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module 'virtual:locale-bigscreen/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
