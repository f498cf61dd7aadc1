/** Winner publication's values that the publication page and the server both apply (part 2 §3, §5, §9). */
export const MAX_PUBLISHED_COLUMNS = 4;
/** Column names: at most 30 characters (decided), and no pipe (the spec keeps the names pipe-separated). */
export const MAX_COLUMN_NAME_LENGTH = 30;

/**
 * A published value: with `truncated`, the first word whole and each later word cut to its initial ("Mary Jane
 * Smith" → "Mary J. S."), so winners are recognisable without their full names; with `upperCase`, in capitals.
 * The page's preview shows it as visitors will see it.
 */
export function publishedValue(value: string, truncated: boolean, upperCase: boolean): string {
  let text = value.trim();
  if (truncated) {
    const [first, ...rest] = text.split(/\s+/);
    text = [first, ...rest.filter(Boolean).map((word) => `${Array.from(word)[0]}.`)].join(' ');
  }
  return upperCase ? text.toLocaleUpperCase('en') : text;
}
