/**
 * The items of a comma-separated list as query strings, headers and settings write them: each item
 * trimmed, empty items dropped (`'a, b,,c '` → `['a', 'b', 'c']`); no text (an absent parameter), no list.
 */
export function splitList(text: string): string[];
export function splitList(text: string | undefined): string[] | undefined;
export function splitList(text: string | undefined): string[] | undefined {
  return text
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
