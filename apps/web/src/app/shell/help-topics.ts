/** Sections of the help dialog; each has `help.<topic>.title` and `help.<topic>.text` in every locale. */
export const HELP_TOPICS = ['navigation', 'permissions', 'lists', 'account', 'session'] as const;
