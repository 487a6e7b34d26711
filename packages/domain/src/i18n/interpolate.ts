/** The placeholders of a text (`{{name}}`, i18next's default), in the order they appear. */
export const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * Fills `{{name}}` placeholders in one pass (so a value that looks like a placeholder is not filled again); a
 * placeholder without a value stays as it is, so a missing parameter shows rather than vanishing.
 */
export function interpolate(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
